//! [`Vault`]: a credentials provider for tests, whose password another task rotates and
//! which can be sealed (it then fails), counting how often it is asked.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use typedis::{Config, Credentials};

/// A provider whose password another task rotates, counting how often it is asked.
#[derive(Clone, Default)]
pub struct Vault {
    /// The user name it hands out (`app` unless [`set_user`](Vault::set_user) changed it).
    user: Arc<Mutex<Option<String>>>,
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

    /// Hands out another user's credentials from now on (a rotation of users, as an
    /// operator makes them).
    pub fn set_user(&self, user: &str, password: &str) {
        *self.user.lock().unwrap() = Some(user.to_owned());
        self.set(password);
    }

    /// Makes the provider fail (`true`) or answer again.
    pub fn seal(&self, sealed: bool) {
        self.sealed.store(sealed, Ordering::SeqCst);
    }

    /// How often the provider was asked.
    pub fn asked(&self) -> usize {
        self.asked.load(Ordering::SeqCst)
    }

    /// A config whose credentials come from this vault, as its user, expiring
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
                    let user = vault.user.lock().unwrap().clone();
                    let user = user.as_deref().unwrap_or("app");
                    let creds = Credentials::new(user, vault.password.lock().unwrap().clone());
                    Ok(match lifetime {
                        Some(l) => creds.valid_for(l),
                        None => creds,
                    })
                }
            })
    }
}
