//! [`TlsBackend`]: the TLS implementations typedis can be built with, and which one a
//! connection uses.

use crate::error::Error;

/// A TLS implementation, each behind its Cargo feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TlsBackend {
    /// [rustls](https://docs.rs/rustls) (feature `tls-rustls`, on by default), with the
    /// process-wide default crypto provider when the application installed one, ring
    /// otherwise, and the system's root certificates.
    Rustls,
    /// The platform's TLS library through [native-tls](https://docs.rs/native-tls)
    /// (feature `tls-native-tls`): OpenSSL on Linux, Secure Transport on macOS, SChannel on
    /// Windows, each with the system's trust store.
    NativeTls,
}

impl TlsBackend {
    /// The Cargo feature of typedis that compiles this implementation in.
    pub fn feature(self) -> &'static str {
        match self {
            TlsBackend::Rustls => "tls-rustls",
            TlsBackend::NativeTls => "tls-native-tls",
        }
    }
}

/// The implementations this build has, the default first.
pub(crate) const COMPILED: &[TlsBackend] = &[
    #[cfg(feature = "tls-rustls")]
    TlsBackend::Rustls,
    #[cfg(feature = "tls-native-tls")]
    TlsBackend::NativeTls,
];

/// The implementation to use: the one asked for if `compiled` has it, else the first
/// compiled.
///
/// # Errors
///
/// [`Error::Config`] naming the feature to enable when the one asked for is not compiled.
pub(crate) fn choose(
    requested: Option<TlsBackend>,
    compiled: &[TlsBackend],
) -> Result<TlsBackend, Error> {
    match requested {
        Some(backend) if compiled.contains(&backend) => Ok(backend),
        Some(backend) => Err(not_compiled(backend)),
        // A TLS option exists only in a build with at least one backend.
        None => compiled.first().copied().ok_or_else(super::no_backend),
    }
}

#[cold]
pub(crate) fn not_compiled(backend: TlsBackend) -> Error {
    Error::Config(format!(
        "the TLS backend {backend:?} is not compiled in: enable the `{}` feature of typedis",
        backend.feature()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use TlsBackend::{NativeTls, Rustls};

    #[test]
    fn rustls_is_the_default_when_both_are_compiled() {
        assert_eq!(choose(None, &[Rustls, NativeTls]).unwrap(), Rustls);
        assert_eq!(choose(None, &[NativeTls]).unwrap(), NativeTls);
    }

    #[test]
    fn the_backend_asked_for_is_used_when_compiled() {
        assert_eq!(
            choose(Some(NativeTls), &[Rustls, NativeTls]).unwrap(),
            NativeTls
        );
        assert_eq!(choose(Some(Rustls), &[Rustls]).unwrap(), Rustls);
    }

    #[test]
    fn a_backend_not_compiled_is_a_config_error_naming_its_feature() {
        match choose(Some(NativeTls), &[Rustls]) {
            Err(Error::Config(text)) => assert!(text.contains("`tls-native-tls`"), "{text}"),
            other => panic!("expected a config error, got {other:?}"),
        }
        match choose(Some(Rustls), &[NativeTls]) {
            Err(Error::Config(text)) => assert!(text.contains("`tls-rustls`"), "{text}"),
            other => panic!("expected a config error, got {other:?}"),
        }
    }

    #[test]
    fn no_backend_at_all_is_a_config_error_naming_both_features() {
        match choose(None, &[]) {
            Err(Error::Config(text)) => {
                assert!(text.contains("`tls-rustls`"), "{text}");
                assert!(text.contains("`tls-native-tls`"), "{text}");
            }
            other => panic!("expected a config error, got {other:?}"),
        }
    }
}
