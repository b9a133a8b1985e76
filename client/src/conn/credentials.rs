//! Credentials that change: [`Credentials`] (a user, a password and when they expire) and
//! the [`CredentialsProvider`] asked for them before every handshake.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

use crate::error::BoxError;

/// The future a [`CredentialsProvider`] returns.
pub type CredentialsFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Credentials, BoxError>> + Send + 'a>>;

/// A user name and password (or token) to authenticate with, and when the server stops
/// taking them for new authentications, if they expire.
///
/// `Debug` never prints the password.
///
/// ```
/// use std::time::Duration;
/// use typedis::Credentials;
///
/// let token = Credentials::new("app", "token-4f1c").valid_for(Duration::from_secs(900));
/// assert_eq!(token.username(), Some("app"));
/// assert!(!format!("{token:?}").contains("4f1c"));
/// ```
#[derive(Clone)]
pub struct Credentials {
    username: Option<String>,
    password: String,
    expires_at: Option<Instant>,
}

impl Credentials {
    /// An ACL user and its password.
    pub fn new(username: impl Into<String>, password: impl Into<String>) -> Credentials {
        Credentials {
            username: Some(username.into()),
            password: password.into(),
            expires_at: None,
        }
    }

    /// A password for the server's `default` user (or for a server without ACLs, which
    /// knows no users: `AUTH password`).
    pub fn password_only(password: impl Into<String>) -> Credentials {
        Credentials {
            username: None,
            password: password.into(),
            expires_at: None,
        }
    }

    /// The same, expiring at `at`: live connections authenticate again before then (see
    /// [`Config::credentials_provider`](crate::Config::credentials_provider)).
    pub fn expires_at(mut self, at: Instant) -> Credentials {
        self.expires_at = Some(at);
        self
    }

    /// The same, expiring `lifetime` from now.
    pub fn valid_for(self, lifetime: Duration) -> Credentials {
        self.expires_at(Instant::now() + lifetime)
    }

    /// The user name (`None`: the `default` user).
    pub fn username(&self) -> Option<&str> {
        self.username.as_deref()
    }

    /// The password or token.
    pub fn password(&self) -> &str {
        &self.password
    }

    /// When they expire, if they do.
    pub fn expiry(&self) -> Option<Instant> {
        self.expires_at
    }
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("username", &self.username)
            .field("password", &"<hidden>")
            .field("expires_at", &self.expires_at)
            .finish()
    }
}

/// Where connections get their credentials from when they change: asked before every
/// handshake (the shared connection and its reconnections, dedicated connections,
/// subscribers, every cluster node, Sentinels and the nodes they name), and again before
/// the credentials it gave expire, to authenticate live connections anew.
///
/// Any `Fn() -> impl Future<Output = Result<Credentials, E>>` is a provider, for any
/// error type `E` convertible to a [`BoxError`]. A type of your own implements it by
/// returning a boxed future:
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use typedis::{Credentials, CredentialsFuture, CredentialsProvider};
///
/// /// The current password, which another task rotates.
/// struct Rotating(Arc<Mutex<String>>);
///
/// impl CredentialsProvider for Rotating {
///     fn credentials(&self) -> CredentialsFuture<'_> {
///         let password = self.0.lock().unwrap().clone();
///         Box::pin(async move { Ok(Credentials::new("app", password)) })
///     }
/// }
/// # let _ = typedis::Config::default().credentials_provider(Rotating(Default::default()));
/// ```
///
/// An error the provider returns fails that connection attempt with
/// [`Error::Credentials`](crate::Error::Credentials), and every command that waited for
/// the connection reads that error too, with the provider's error as its source: on the
/// shared connection, a dedicated one (blocking commands, transactions), a subscriber's, a
/// cluster node's and through Sentinel, on the first connection and on every reconnect.
/// Attempts are paced by the [`Backoff`](crate::Backoff) as for any failed connection.
pub trait CredentialsProvider: Send + Sync + 'static {
    /// The credentials to authenticate with now.
    fn credentials(&self) -> CredentialsFuture<'_>;
}

impl<F, Fut, E> CredentialsProvider for F
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Credentials, E>> + Send + 'static,
    E: Into<BoxError>,
{
    fn credentials(&self) -> CredentialsFuture<'_> {
        let fut = self();
        Box::pin(async move { fut.await.map_err(Into::into) })
    }
}

/// When credentials fetched at `fetched` and expiring at `expires` are renewed: a fifth of
/// their lifetime before they expire, at most a minute before.
pub(crate) fn renew_at(fetched: Instant, expires: Instant) -> Instant {
    let lifetime = expires.saturating_duration_since(fetched);
    expires - (lifetime / 5).min(Duration::from_secs(60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_renewed_a_fifth_of_their_life_before_they_expire() {
        let now = Instant::now();
        let renew = renew_at(now, now + Duration::from_secs(10));
        assert_eq!(renew, now + Duration::from_secs(8));
        // A 15-minute token is renewed a minute before it expires.
        let renew = renew_at(now, now + Duration::from_secs(900));
        assert_eq!(renew, now + Duration::from_secs(840));
        // Already expired: at once.
        assert!(renew_at(now, now) <= now);
    }

    #[tokio::test]
    async fn closures_are_providers() {
        let provider = || async { Ok::<_, std::io::Error>(Credentials::password_only("pw")) };
        let got = provider.credentials().await.unwrap();
        assert_eq!(got.password(), "pw");
        assert_eq!(got.username(), None);
        let failing = || async { Err::<Credentials, _>("vault sealed") };
        let e = failing.credentials().await.unwrap_err();
        assert_eq!(e.to_string(), "vault sealed");
    }
}
