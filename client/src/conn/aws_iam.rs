//! IAM authentication for Amazon ElastiCache and Amazon MemoryDB (feature `aws-iam`).
//!
//! Over 500 lines: because of its unit tests (from line 511): the signing is checked
//! against worked examples.
//!
//! With IAM authentication, a Valkey or Redis OSS 7+ cache takes a short-lived token instead
//! of a password: `AUTH {user_id} {token}`, where the token is an AWS Signature Version 4
//! *presigned* `GET http://{cache_name}/?Action=connect&User={user_id}` (plus
//! `&ResourceType=ServerlessCache` for ElastiCache Serverless), signed for the `elasticache`
//! or `memorydb` service with the IAM identity's AWS credentials, without its `http://`.
//! AWS takes a token for 15 minutes; an IAM-authenticated connection is closed after 12
//! hours unless it authenticates again with a fresh token.
//!
//! [`IamTokenGenerator`] makes tokens (a pure function of the AWS credentials and the time);
//! [`IamProvider`] is the [`CredentialsProvider`] that hands a fresh one to every handshake
//! and, before the last one expires, to every live connection, which renews both the token
//! and the 12-hour limit. typedis signs with `ring` and depends on no AWS crate: the AWS
//! credentials come from a closure of yours, typically the AWS SDK's credential chain.
//!
//! ```no_run
//! use typedis::aws_iam::{AwsCredentials, IamProvider, IamTokenGenerator};
//! use typedis::{Client, Config};
//!
//! # async fn run() -> Result<(), typedis::Error> {
//! let tokens = IamTokenGenerator::for_elasticache("us-east-1", "my-cache", "app-user");
//! let provider = IamProvider::new(tokens, || async {
//!     // Fetch (or read from a cache) the current credentials of the IAM identity.
//!     Ok::<_, std::io::Error>(AwsCredentials::new("AKIA...", "secret"))
//! });
//! let config = Config::from_url("rediss://my-cache-abc123.cache.amazonaws.com:6379")?
//!     .credentials_provider(provider);
//! let client = Client::with_config(config).await?;
//! # let _ = client;
//! # Ok(())
//! # }
//! ```
//!
//! With the AWS SDK for Rust (`aws-config`, `aws-credential-types`), the closure asks the
//! SDK's credential chain, which caches and refreshes the credentials itself:
//!
//! ```text
//! use aws_credential_types::provider::ProvideCredentials;
//!
//! let sdk = aws_config::load_defaults(aws_config::BehaviorVersion::latest()).await;
//! let chain = sdk.credentials_provider().expect("no AWS credential chain");
//! let provider = IamProvider::new(tokens, move || {
//!     let chain = chain.clone();
//!     async move {
//!         let c = chain.provide_credentials().await?;
//!         let mut aws = AwsCredentials::new(c.access_key_id(), c.secret_access_key());
//!         if let Some(token) = c.session_token() {
//!             aws = aws.with_session_token(token);
//!         }
//!         Ok::<_, typedis::BoxError>(aws)
//!     }
//! });
//! ```

use std::convert::Infallible;
use std::fmt::{self, Write as _};
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ring::{digest, hmac};

use crate::conn::Credentials;
use crate::conn::CredentialsFuture;
use crate::conn::CredentialsProvider;
use crate::error::BoxError;

/// How long AWS takes a token for (`X-Amz-Expires`): 15 minutes, the most it accepts.
const TOKEN_EXPIRES_SECS: u64 = 900;

/// How long [`IamProvider`] tells typedis its tokens last: a minute under AWS's 15, for the
/// clock of this host running ahead of AWS's and for the time between signing a token and
/// the server checking it (a handshake queued behind a slow network).
const TOKEN_LIFETIME: Duration = Duration::from_secs(14 * 60);

/// AWS credentials of an IAM user or role: an access key, its secret and, for temporary
/// credentials (an assumed role, an instance or task role, SSO), a session token.
///
/// `Debug` prints the access key id only.
///
/// ```
/// use typedis::aws_iam::AwsCredentials;
///
/// let aws = AwsCredentials::new("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
///     .with_session_token("FwoGZXIvYXdzEBYa");
/// let shown = format!("{aws:?}");
/// assert!(shown.contains("AKIAIOSFODNN7EXAMPLE"));
/// assert!(!shown.contains("EXAMPLEKEY") && !shown.contains("FwoG"));
/// ```
#[derive(Clone)]
pub struct AwsCredentials {
    access_key_id: String,
    secret_access_key: String,
    session_token: Option<String>,
}

impl AwsCredentials {
    /// Long-term credentials: an access key id and its secret access key.
    pub fn new(
        access_key_id: impl Into<String>,
        secret_access_key: impl Into<String>,
    ) -> AwsCredentials {
        AwsCredentials {
            access_key_id: access_key_id.into(),
            secret_access_key: secret_access_key.into(),
            session_token: None,
        }
    }

    /// The same, with the session token that temporary credentials come with (signed into
    /// the token as `X-Amz-Security-Token`).
    pub fn with_session_token(mut self, session_token: impl Into<String>) -> AwsCredentials {
        self.session_token = Some(session_token.into());
        self
    }

    /// The access key id.
    pub fn access_key_id(&self) -> &str {
        &self.access_key_id
    }
}

impl fmt::Debug for AwsCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AwsCredentials")
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"<hidden>")
            .field(
                "session_token",
                &self.session_token.as_ref().map(|_| "<hidden>"),
            )
            .finish()
    }
}

/// Which service a token is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Service {
    ElastiCache { serverless: bool },
    MemoryDb,
}

impl Service {
    /// The SigV4 service name.
    fn name(self) -> &'static str {
        match self {
            Service::ElastiCache { .. } => "elasticache",
            Service::MemoryDb => "memorydb",
        }
    }
}

/// Makes the IAM authentication tokens of one user of one ElastiCache cache or MemoryDB
/// cluster.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use typedis::aws_iam::{AwsCredentials, IamTokenGenerator};
///
/// let tokens = IamTokenGenerator::for_elasticache("us-east-1", "my-cache", "app-user");
/// let aws = AwsCredentials::new("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
/// let token = tokens.token(&aws, UNIX_EPOCH + Duration::from_secs(1_369_353_600));
/// assert!(token.starts_with("my-cache/?Action=connect&User=app-user&X-Amz-Algorithm="));
/// ```
#[derive(Clone, Debug)]
pub struct IamTokenGenerator {
    service: Service,
    region: String,
    resource: String,
    user_id: String,
}

impl IamTokenGenerator {
    /// Tokens for ElastiCache: `cache_name` is the replication group id, or the serverless
    /// cache's name (then add [`serverless`](Self::serverless)); `user_id` is the IAM-enabled
    /// ElastiCache user's id, which IAM users must have equal to their user name.
    ///
    /// ElastiCache keeps names in lower case; `cache_name` is lowercased to match.
    pub fn for_elasticache(
        region: impl Into<String>,
        cache_name: impl Into<String>,
        user_id: impl Into<String>,
    ) -> IamTokenGenerator {
        Self::build(
            Service::ElastiCache { serverless: false },
            region,
            cache_name,
            user_id,
        )
    }

    /// Tokens for MemoryDB: `cluster_name` is the cluster's name, `user_id` the IAM-enabled
    /// MemoryDB user's name. `cluster_name` is lowercased, as MemoryDB keeps it.
    pub fn for_memorydb(
        region: impl Into<String>,
        cluster_name: impl Into<String>,
        user_id: impl Into<String>,
    ) -> IamTokenGenerator {
        Self::build(Service::MemoryDb, region, cluster_name, user_id)
    }

    fn build(
        service: Service,
        region: impl Into<String>,
        resource: impl Into<String>,
        user_id: impl Into<String>,
    ) -> IamTokenGenerator {
        IamTokenGenerator {
            service,
            region: region.into(),
            resource: resource.into().to_ascii_lowercase(),
            user_id: user_id.into(),
        }
    }

    /// The same, for an ElastiCache Serverless cache (`ResourceType=ServerlessCache`). No
    /// effect on a MemoryDB generator: MemoryDB has no serverless clusters.
    pub fn serverless(mut self) -> IamTokenGenerator {
        if let Service::ElastiCache { serverless } = &mut self.service {
            *serverless = true;
        }
        self
    }

    /// The user the tokens authenticate (the user name of `AUTH`).
    pub fn user_id(&self) -> &str {
        &self.user_id
    }

    /// The token signed with `credentials` at `at` (taken as the Unix epoch if before it),
    /// which AWS takes for the 15 minutes after `at`: the password of `AUTH {user_id}`.
    ///
    /// A pure function of its inputs. The query parameters are in canonical (sorted) order,
    /// `X-Amz-Signature` last.
    pub fn token(&self, credentials: &AwsCredentials, at: SystemTime) -> String {
        let empty_payload = sha256_hex(b"");
        let mut params = vec![("Action", "connect"), ("User", self.user_id.as_str())];
        if self.service == (Service::ElastiCache { serverless: true }) {
            params.push(("ResourceType", "ServerlessCache"));
        }
        let request = Presign {
            host: &self.resource,
            path: "/",
            region: &self.region,
            service: self.service.name(),
            payload_hash: &empty_payload,
            expires_secs: TOKEN_EXPIRES_SECS,
            params,
        };
        format!("{}/?{}", self.resource, request.query(credentials, at))
    }
}

/// The AWS credentials an [`IamProvider`] signs with, fetched anew for every token.
type AwsCredentialsSource = Box<
    dyn Fn() -> Pin<Box<dyn Future<Output = Result<AwsCredentials, BoxError>> + Send>>
        + Send
        + Sync,
>;

/// A [`CredentialsProvider`] of IAM authentication tokens: every call fetches the AWS
/// credentials from its source and signs a fresh token, given to typedis as
/// [`Credentials`] of the generator's user, expiring 14 minutes later.
///
/// AWS takes a token for 15 minutes; the minute kept back covers a clock running ahead of
/// AWS's and the time between signing and the server's check. typedis authenticates live
/// connections again before that (see
/// [`Config::credentials_provider`](crate::Config::credentials_provider)), which also
/// lifts the 12-hour limit on IAM-authenticated connections.
///
/// An error from the source fails the connection attempt with
/// [`Error::Credentials`](crate::Error::Credentials).
///
/// ```no_run
/// use typedis::aws_iam::{AwsCredentials, IamProvider, IamTokenGenerator};
/// use typedis::{Client, Config};
///
/// # async fn run() -> Result<(), typedis::Error> {
/// let tokens = IamTokenGenerator::for_memorydb("eu-west-1", "orders", "orders-app");
/// let aws = AwsCredentials::new("AKIA...", "secret");
/// let config = Config::from_url("rediss://clustercfg.orders.abc123.memorydb.eu-west-1.amazonaws.com:6379")?
///     .credentials_provider(IamProvider::fixed(tokens, aws));
/// let client = Client::with_config(config).await?;
/// # let _ = client;
/// # Ok(())
/// # }
/// ```
pub struct IamProvider {
    generator: IamTokenGenerator,
    source: AwsCredentialsSource,
}

impl IamProvider {
    /// Tokens of `generator`, signed with the AWS credentials `source` returns: any
    /// `Fn() -> impl Future<Output = Result<AwsCredentials, E>>`, for an error type `E`
    /// convertible to a [`BoxError`]. It is called once per token, so it should return
    /// cached credentials while they last (the AWS SDK's credential chain does).
    pub fn new<F, Fut, E>(generator: IamTokenGenerator, source: F) -> IamProvider
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<AwsCredentials, E>> + Send + 'static,
        E: Into<BoxError>,
    {
        let source: AwsCredentialsSource = Box::new(move || {
            let fetch = source();
            Box::pin(async move { fetch.await.map_err(Into::into) })
        });
        IamProvider { generator, source }
    }

    /// Tokens of `generator`, always signed with `credentials` (long-term credentials: a
    /// session token expires, and its tokens with it).
    pub fn fixed(generator: IamTokenGenerator, credentials: AwsCredentials) -> IamProvider {
        IamProvider::new(generator, move || {
            let credentials = credentials.clone();
            async move { Ok::<_, Infallible>(credentials) }
        })
    }

    /// The generator of the tokens.
    pub fn generator(&self) -> &IamTokenGenerator {
        &self.generator
    }
}

impl fmt::Debug for IamProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IamProvider")
            .field("generator", &self.generator)
            .finish_non_exhaustive()
    }
}

impl CredentialsProvider for IamProvider {
    fn credentials(&self) -> CredentialsFuture<'_> {
        let fetch = (self.source)();
        Box::pin(async move {
            let aws = fetch.await?;
            let token = self.generator.token(&aws, SystemTime::now());
            Ok(Credentials::new(self.generator.user_id(), token).valid_for(TOKEN_LIFETIME))
        })
    }
}

/// A `GET` request to presign with SigV4, signing the `host` header only.
struct Presign<'a> {
    host: &'a str,
    /// The canonical path, already URI-encoded.
    path: &'a str,
    region: &'a str,
    service: &'a str,
    /// The hex SHA-256 of the body, or `UNSIGNED-PAYLOAD` where the service allows it (S3).
    payload_hash: &'a str,
    expires_secs: u64,
    /// The request's own query parameters, not encoded.
    params: Vec<(&'a str, &'a str)>,
}

impl Presign<'_> {
    /// The presigned URL's query string: the signed parameters in canonical order, then
    /// `X-Amz-Signature`.
    fn query(&self, credentials: &AwsCredentials, at: SystemTime) -> String {
        let amz_date = amz_date(at);
        let date = &amz_date[..8];
        let scope = format!("{date}/{}/{}/aws4_request", self.region, self.service);
        let query = self.canonical_query(credentials, &amz_date, &scope);
        let to_sign = string_to_sign(&amz_date, &scope, &self.canonical_request(&query));
        let key = signing_key(
            &credentials.secret_access_key,
            date,
            self.region,
            self.service,
        );
        let signature = hex(hmac_sha256(key.as_ref(), &to_sign).as_ref());
        format!("{query}&X-Amz-Signature={signature}")
    }

    /// The request's parameters and the `X-Amz-*` ones, encoded and sorted.
    fn canonical_query(&self, credentials: &AwsCredentials, amz_date: &str, scope: &str) -> String {
        let credential = format!("{}/{scope}", credentials.access_key_id);
        let expires = self.expires_secs.to_string();
        let mut params = self.params.clone();
        params.extend([
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
            ("X-Amz-Credential", credential.as_str()),
            ("X-Amz-Date", amz_date),
            ("X-Amz-Expires", expires.as_str()),
            ("X-Amz-SignedHeaders", "host"),
        ]);
        if let Some(token) = &credentials.session_token {
            params.push(("X-Amz-Security-Token", token.as_str()));
        }
        canonical_query(&params)
    }

    /// The canonical request: method, path, query, headers, signed headers, payload hash.
    fn canonical_request(&self, canonical_query: &str) -> String {
        format!(
            "GET\n{}\n{canonical_query}\nhost:{}\n\nhost\n{}",
            self.path, self.host, self.payload_hash
        )
    }
}

/// `name=value` pairs URI-encoded, sorted by name (then value), joined by `&`.
fn canonical_query(params: &[(&str, &str)]) -> String {
    let mut encoded: Vec<(String, String)> = params
        .iter()
        .map(|(name, value)| (uri_encode(name), uri_encode(value)))
        .collect();
    encoded.sort();
    let pairs: Vec<String> = encoded
        .into_iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    pairs.join("&")
}

/// What SigV4 signs: the algorithm, the time, the scope and the canonical request's hash.
fn string_to_sign(amz_date: &str, scope: &str, canonical_request: &str) -> String {
    let hash = sha256_hex(canonical_request.as_bytes());
    format!("AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{hash}")
}

/// The key of one day, region and service: `kSigning`, derived from the secret access key
/// through `kDate`, `kRegion` and `kService`.
fn signing_key(secret: &str, date: &str, region: &str, service: &str) -> hmac::Tag {
    let k_date = hmac_sha256(format!("AWS4{secret}").as_bytes(), date);
    let k_region = hmac_sha256(k_date.as_ref(), region);
    let k_service = hmac_sha256(k_region.as_ref(), service);
    hmac_sha256(k_service.as_ref(), "aws4_request")
}

fn hmac_sha256(key: &[u8], data: &str) -> hmac::Tag {
    hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, key), data.as_bytes())
}

fn sha256_hex(data: &[u8]) -> String {
    hex(digest::digest(&digest::SHA256, data).as_ref())
}

/// Lowercase hex.
fn hex(bytes: &[u8]) -> String {
    #[allow(
        clippy::disallowed_methods,
        reason = "the hex of bytes this client holds"
    )]
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// AWS's URI encoding: the unreserved `A-Z a-z 0-9 - _ . ~` kept, every other byte of the
/// UTF-8 as `%XX` in upper case (`/` included).
fn uri_encode(s: &str) -> String {
    #[allow(
        clippy::disallowed_methods,
        reason = "the encoding of text this client holds"
    )]
    let mut out = String::with_capacity(s.len());
    for &byte in s.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// `at` in UTC as `YYYYMMDDTHHMMSSZ` (`X-Amz-Date`); before the Unix epoch, the epoch.
fn amz_date(at: SystemTime) -> String {
    let secs = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (year, month, day) = civil_from_days(secs / 86_400);
    let in_day = secs % 86_400;
    let (hour, minute, second) = (in_day / 3600, in_day / 60 % 60, in_day % 60);
    format!("{year:04}{month:02}{day:02}T{hour:02}{minute:02}{second:02}Z")
}

/// The Gregorian (year, month, day) `days` days after 1970-01-01.
///
/// Counts in 400-year eras of 146,097 days starting on a 1st of March, so that the leap day
/// is the last day of its year, and months from March, whose lengths repeat every five
/// (31, 30, 31, 30, 31: 153 days).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    // 0000-03-01 is 719,468 days before 1970-01-01.
    let days = days + 719_468;
    let era = days / 146_097;
    let day_of_era = days % 146_097;
    // Less a day for every 4 years, back a day every 100, less one on the era's last day.
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    // January and February belong to the next civil year.
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// AWS's example credentials, as its SigV4 documentation uses them.
    fn example_credentials() -> AwsCredentials {
        AwsCredentials::new(
            "AKIAIOSFODNN7EXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        )
    }

    /// 2013-05-24T00:00:00Z, the time of AWS's S3 signing examples.
    fn may_24_2013() -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(1_369_353_600)
    }

    // The presigned URL example of "Authenticating Requests: Using Query Parameters (AWS
    // Signature Version 4)", Amazon S3 API Reference
    // (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html):
    // GET https://examplebucket.s3.amazonaws.com/test.txt, valid 86400 s from
    // 20130524T000000Z, us-east-1, s3, unsigned payload.
    #[test]
    fn presigning_matches_the_s3_query_string_auth_example() {
        let request = Presign {
            host: "examplebucket.s3.amazonaws.com",
            path: "/test.txt",
            region: "us-east-1",
            service: "s3",
            payload_hash: "UNSIGNED-PAYLOAD",
            expires_secs: 86_400,
            params: Vec::new(),
        };
        let query = request.query(&example_credentials(), may_24_2013());
        assert_eq!(
            query,
            "X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request\
             &X-Amz-Date=20130524T000000Z\
             &X-Amz-Expires=86400\
             &X-Amz-SignedHeaders=host\
             &X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
        );
    }

    // "Examples of how to derive a signing key for Signature Version 4", AWS General
    // Reference / IAM User Guide: secret wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY (with a
    // `+`), 20120215, us-east-1, iam.
    #[test]
    fn signing_key_matches_the_documented_derivation() {
        let key = signing_key(
            "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
            "20120215",
            "us-east-1",
            "iam",
        );
        assert_eq!(
            hex(key.as_ref()),
            "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d"
        );
    }

    #[test]
    fn uri_encoding_keeps_only_unreserved_bytes() {
        assert_eq!(uri_encode("AZaz09-_.~"), "AZaz09-_.~");
        assert_eq!(uri_encode("a/b+c=d e"), "a%2Fb%2Bc%3Dd%20e");
        assert_eq!(uri_encode("é"), "%C3%A9");
    }

    #[test]
    fn canonical_query_sorts_by_encoded_name() {
        let query = canonical_query(&[("b", "2"), ("User", "x y"), ("a", "1"), ("Action", "c")]);
        assert_eq!(query, "Action=c&User=x%20y&a=1&b=2");
    }

    #[test]
    fn amz_date_formats_utc() {
        let at = |secs| amz_date(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "19700101T000000Z");
        assert_eq!(at(1_369_353_600), "20130524T000000Z");
        assert_eq!(at(1_709_251_199), "20240229T235959Z"); // a leap day
        assert_eq!(at(1_709_251_200), "20240301T000000Z");
        assert_eq!(at(951_868_800), "20000301T000000Z"); // 2000 is a leap year
        assert_eq!(at(4_107_587_696), "21000301T123456Z"); // 2100 is not
        assert_eq!(at(2_147_483_648), "20380119T031408Z"); // past i32 seconds
        assert_eq!(
            amz_date(UNIX_EPOCH - Duration::from_secs(1)),
            "19700101T000000Z"
        );
    }

    // The expected tokens below were computed for these inputs by an independent
    // implementation of the same SigV4 rules (Python's hmac and hashlib); AWS publishes no
    // ElastiCache token vector. They pin the exact output; the S3 example above pins the
    // signer against AWS.
    #[test]
    fn elasticache_token_is_the_presigned_connect_url_without_scheme() {
        let tokens = IamTokenGenerator::for_elasticache("us-east-1", "My-Cache", "app");
        let token = tokens.token(&example_credentials(), may_24_2013());
        assert_eq!(
            token,
            "my-cache/?Action=connect&User=app\
             &X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Felasticache%2Faws4_request\
             &X-Amz-Date=20130524T000000Z\
             &X-Amz-Expires=900\
             &X-Amz-SignedHeaders=host\
             &X-Amz-Signature=833f216c34e81ee0cb30dffacf88d7d9bf9ee0450ebb0848f4a7819788c177a6"
        );
        assert!(!token.contains("http://"));
        assert!(!token.contains("X-Amz-Security-Token"));
        assert!(!token.contains("ResourceType"));
    }

    #[test]
    fn serverless_token_with_a_session_token_signs_both() {
        let tokens =
            IamTokenGenerator::for_elasticache("us-east-1", "my-cache", "app").serverless();
        let aws = example_credentials().with_session_token("FwoGZXIvYXdzEBYa/session+token=");
        let token = tokens.token(&aws, may_24_2013());
        assert_eq!(
            token,
            "my-cache/?Action=connect&ResourceType=ServerlessCache&User=app\
             &X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Felasticache%2Faws4_request\
             &X-Amz-Date=20130524T000000Z\
             &X-Amz-Expires=900\
             &X-Amz-Security-Token=FwoGZXIvYXdzEBYa%2Fsession%2Btoken%3D\
             &X-Amz-SignedHeaders=host\
             &X-Amz-Signature=dbe557f9ec6b9e4fe912b8ed17b73eff4697c558b118c9c91f05698f3e2bd933"
        );
    }

    #[test]
    fn memorydb_token_is_scoped_to_memorydb_and_never_serverless() {
        let tokens = IamTokenGenerator::for_memorydb("us-east-1", "my-cluster", "app").serverless();
        let token = tokens.token(&example_credentials(), may_24_2013());
        assert_eq!(
            token,
            "my-cluster/?Action=connect&User=app\
             &X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fmemorydb%2Faws4_request\
             &X-Amz-Date=20130524T000000Z\
             &X-Amz-Expires=900\
             &X-Amz-SignedHeaders=host\
             &X-Amz-Signature=8449c8bb4f0e4ddee588a16192cebf70f3b5803d967e8bd3dffba779b3889417"
        );
    }

    #[test]
    fn user_ids_are_encoded_and_change_the_signature() {
        let aws = example_credentials();
        let plain = IamTokenGenerator::for_elasticache("us-east-1", "c", "app");
        let spaced = IamTokenGenerator::for_elasticache("us-east-1", "c", "app user");
        let spaced = spaced.token(&aws, may_24_2013());
        assert!(spaced.starts_with("c/?Action=connect&User=app%20user&X-Amz-Algorithm="));
        let signature = |token: &str| token.rsplit_once("X-Amz-Signature=").unwrap().1.to_owned();
        assert_ne!(
            signature(&spaced),
            signature(&plain.token(&aws, may_24_2013()))
        );
    }

    #[test]
    fn aws_credentials_debug_hides_the_secrets() {
        let shown = format!(
            "{:?}",
            example_credentials().with_session_token("sessiontok")
        );
        assert!(shown.contains("AKIAIOSFODNN7EXAMPLE"));
        assert!(!shown.contains("EXAMPLEKEY"));
        assert!(!shown.contains("sessiontok"));
    }

    #[tokio::test]
    async fn provider_gives_the_user_a_fresh_token() {
        let tokens = IamTokenGenerator::for_elasticache("us-east-1", "my-cache", "app");
        let provider = IamProvider::new(tokens, || async {
            Ok::<_, std::io::Error>(example_credentials())
        });
        let before = Instant::now();
        let got = provider.credentials().await.unwrap();
        assert_eq!(got.username(), Some("app"));
        assert!(got
            .password()
            .starts_with("my-cache/?Action=connect&User=app&X-Amz-Algorithm="));
        assert!(got.password().contains("&X-Amz-Signature="));
        let expiry = got.expiry().expect("tokens expire");
        assert!(expiry >= before + TOKEN_LIFETIME);
        assert!(expiry <= Instant::now() + TOKEN_LIFETIME);
        assert!(TOKEN_LIFETIME < Duration::from_secs(TOKEN_EXPIRES_SECS));
    }

    #[tokio::test]
    async fn fixed_provider_signs_with_its_credentials() {
        let tokens = IamTokenGenerator::for_memorydb("eu-west-1", "orders", "orders-app");
        let provider = IamProvider::fixed(tokens, example_credentials());
        let got = provider.credentials().await.unwrap();
        assert_eq!(got.username(), Some("orders-app"));
        assert!(got
            .password()
            .contains("%2Feu-west-1%2Fmemorydb%2Faws4_request"));
        assert!(!format!("{provider:?}").contains("EXAMPLEKEY"));
    }

    #[tokio::test]
    async fn a_failing_source_fails_the_provider() {
        let tokens = IamTokenGenerator::for_elasticache("us-east-1", "my-cache", "app");
        let provider = IamProvider::new(tokens, || async {
            Err::<AwsCredentials, _>("no credentials in the chain")
        });
        let error = provider.credentials().await.unwrap_err();
        assert_eq!(error.to_string(), "no credentials in the chain");
    }
}
