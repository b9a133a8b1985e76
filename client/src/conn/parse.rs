//! A configuration parsed from its URL the std ways: `"redis://..".parse::<Config>()`,
//! `Config::try_from("redis://..")`, for the single-node, cluster and Sentinel configs
//! alike, each through its own `from_url`.

/// Implements `FromStr`, `TryFrom<&str>` and `TryFrom<String>` for a config type with
/// `fn from_url(&str) -> Result<Self, Error>`.
macro_rules! parse_from_url {
    ($config:ty) => {
        impl ::std::str::FromStr for $config {
            type Err = $crate::error::Error;

            /// As `from_url`.
            fn from_str(url: &str) -> Result<Self, $crate::error::Error> {
                <$config>::from_url(url)
            }
        }

        impl TryFrom<&str> for $config {
            type Error = $crate::error::Error;

            /// As `from_url`.
            fn try_from(url: &str) -> Result<Self, $crate::error::Error> {
                <$config>::from_url(url)
            }
        }

        impl TryFrom<String> for $config {
            type Error = $crate::error::Error;

            /// As `from_url`.
            fn try_from(url: String) -> Result<Self, $crate::error::Error> {
                <$config>::from_url(&url)
            }
        }
    };
}

pub(crate) use parse_from_url;

parse_from_url!(super::Config);

#[cfg(test)]
mod tests {
    use super::super::Config;

    #[test]
    fn a_config_parses_as_from_url_does() {
        let parsed: Config = "redis://127.0.0.1:7000/2".parse().unwrap();
        let addr = super::super::Addr::Tcp {
            host: "127.0.0.1".into(),
            port: 7000,
        };
        assert_eq!(parsed.addr(), &addr);
        assert_eq!(parsed.database, 2);
        let tried = Config::try_from("redis://127.0.0.1:7000/2".to_owned()).unwrap();
        assert_eq!(format!("{tried:?}"), format!("{parsed:?}"));
        let err = Config::try_from("http://x").unwrap_err();
        assert!(err.to_string().contains("scheme"), "{err}");
    }
}
