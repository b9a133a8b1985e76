//! The client's unit tests that need no server.

#[cfg(not(any(feature = "tls-rustls", feature = "tls-native-tls")))]
mod without_tls {
    use super::super::Client;
    use crate::error::Error;

    #[tokio::test]
    async fn rediss_without_a_tls_feature_fails_before_connecting_naming_the_features() {
        // Nothing listens on port 1: the configuration is refused before any connect.
        match Client::connect("rediss://127.0.0.1:1").await {
            Err(Error::Config(text)) => {
                assert!(text.contains("`tls-rustls`"), "{text}");
                assert!(text.contains("`tls-native-tls`"), "{text}");
            }
            other => panic!("expected a configuration error, got {other:?}"),
        }
    }
}
