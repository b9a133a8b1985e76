//! [`Vault`]: a credentials provider for tests, whose password another task rotates and
//! which can be sealed (it then fails), counting how often it is asked.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use typedis::{Config, Credentials};

/// A provider whose password another task rotates, counting how often it is asked.
#[derive(Clone, Default)]
pub struct Vault {
    password: Arc<Mutex<String>>,
    asked: Arc<AtomicUsize>,
    /// While set, the provider fails with "the vault is sealed".
    sealed: Arc<AtomicBool>,
}

impl Vault {
    /// A vault holding `password` for user `app`.
    pub fn new(password: &str) -> Vault {
        let vault = Vault::default();
        vault.set(password);
        vault
    }

    /// Rotates the password.
    pub fn set(&self, password: &str) {
        *self.password.lock().unwrap() = password.to_owned();
    }

    /// Makes the provider fail (`true`) or answer again.
    pub fn seal(&self, sealed: bool) {
        self.sealed.store(sealed, Ordering::SeqCst);
    }

    /// How often the provider was asked.
    pub fn asked(&self) -> usize {
        self.asked.load(Ordering::SeqCst)
    }

    /// A config whose credentials come from this vault, as user `app`, expiring
    /// `lifetime` after they are handed out.
    pub fn config(&self, url: &str, lifetime: Option<Duration>) -> Config {
        let vault = self.clone();
        Config::from_url(url)
            .unwrap()
            .credentials_provider(move || {
                let vault = vault.clone();
                async move {
                    vault.asked.fetch_add(1, Ordering::SeqCst);
                    if vault.sealed.load(Ordering::SeqCst) {
                        return Err("the vault is sealed");
                    }
                    let creds = Credentials::new("app", vault.password.lock().unwrap().clone());
                    Ok(match lifetime {
                        Some(l) => creds.valid_for(l),
                        None => creds,
                    })
                }
            })
    }
}
