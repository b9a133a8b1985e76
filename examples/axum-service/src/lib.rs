//! An axum service built on one shared typedis [`Client`]: sessions kept in hashes
//! (written with `#[derive(ToFields)]`, read back with `#[derive(RespRead)]`, expiring
//! after 30 minutes without use), a fixed-window rate limiter per caller (`INCR` and
//! `EXPIRE ... NX` in one pipeline), and a read-through cache of slow lookups
//! (`GET`, then `SET ... EX` on a miss).
//!
//! There is no connection pool: the `Client` is cloned into the router's state, and every
//! request's commands share its one connection, batched under load.
//!
//! | route | what it does |
//! |---|---|
//! | `POST /sessions` `{"user": "ann"}` | opens a session: `201 {"session": "<id>"}` |
//! | `GET /me` with `authorization: Bearer <id>` | the session's user, its life renewed; `401` without one |
//! | `DELETE /sessions` with `authorization: Bearer <id>` | closes the session: `204` |
//! | `GET /quotes/{symbol}` | a price, from the cache (`x-cache: hit`) or computed (`x-cache: miss`) |
//!
//! Every route counts against the caller's limit (`x-client-id`, else one shared
//! bucket): past it, `429` with `retry-after`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use typedis::{b, Client, RespRead, ToFields};

/// How long a session lives without being used.
pub const SESSION_SECONDS: u64 = 30 * 60;

/// The limits of the service.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Requests each caller may make per minute.
    pub requests_per_minute: i64,
    /// How long a computed quote is served from the cache.
    pub cache_seconds: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            requests_per_minute: 120,
            cache_seconds: 10,
        }
    }
}

/// What every handler shares: the one client, and the limits.
#[derive(Clone)]
struct AppState {
    redis: Client,
    limits: Limits,
}

/// The service's routes on `redis`.
pub fn app(redis: Client, limits: Limits) -> Router {
    let state = AppState { redis, limits };
    Router::new()
        .route("/sessions", post(open_session).delete(close_session))
        .route("/me", get(me))
        .route("/quotes/{symbol}", get(quote))
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .with_state(state)
}

/// A session as stored: the hash `session:<id>`.
#[derive(Debug, ToFields, RespRead)]
#[resp(map, rename_all = "kebab-case")]
struct Session {
    user: String,
    opened_at: u64,
}

#[derive(Deserialize)]
struct Login {
    user: String,
}

#[derive(Serialize)]
struct Opened {
    session: String,
}

#[derive(Serialize)]
struct Me {
    user: String,
    opened_at: u64,
}

#[derive(Serialize)]
struct Quote {
    symbol: String,
    price: f64,
}

/// A Redis error, answered `503` with what went wrong.
struct Unavailable(typedis::Error);

impl From<typedis::Error> for Unavailable {
    fn from(e: typedis::Error) -> Unavailable {
        Unavailable(e)
    }
}

impl IntoResponse for Unavailable {
    fn into_response(self) -> Response {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("storage: {}\n", self.0),
        )
            .into_response()
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs()
}

/// A session ID nobody can guess from another: 128 bits from the standard library's
/// randomly seeded hasher (a real service would use a CSPRNG crate).
fn new_session_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let half = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_nanos(),
        );
        h.finish()
    };
    format!("{:016x}{:016x}", half(), half())
}

/// The session key of the request's `authorization: Bearer <id>`.
fn session_key(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let id = value.strip_prefix("Bearer ")?;
    (!id.is_empty() && id.bytes().all(|c| c.is_ascii_hexdigit())).then(|| format!("session:{id}"))
}

async fn open_session(
    State(state): State<AppState>,
    Json(login): Json<Login>,
) -> Result<(StatusCode, Json<Opened>), Unavailable> {
    let id = new_session_id();
    let key = format!("session:{id}");
    let session = Session {
        user: login.user,
        opened_at: now(),
    };
    // The fields and the expiry in one round trip.
    let (_fields, _expiring) = state
        .redis
        .pipeline()
        .add(b().hset().key(&key).field_value_iter(session.to_fields()))
        .add(b().expire().key(&key).seconds(SESSION_SECONDS))
        .query()
        .await?;
    Ok((StatusCode::CREATED, Json(Opened { session: id })))
}

async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, Unavailable> {
    let Some(key) = session_key(&headers) else {
        return Ok(StatusCode::UNAUTHORIZED.into_response());
    };
    // A hash that does not exist reads as `None`.
    let session: Option<Session> = state.redis.query_as(b().hgetall().key(&key)).await?;
    let Some(session) = session else {
        return Ok(StatusCode::UNAUTHORIZED.into_response());
    };
    state
        .redis
        .query(b().expire().key(&key).seconds(SESSION_SECONDS))
        .await?;
    let me = Me {
        user: session.user,
        opened_at: session.opened_at,
    };
    Ok(Json(me).into_response())
}

async fn close_session(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<StatusCode, Unavailable> {
    let Some(key) = session_key(&headers) else {
        return Ok(StatusCode::UNAUTHORIZED);
    };
    state.redis.query(b().del().key(&key)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A slow lookup the cache saves: a price that depends on the symbol alone.
async fn compute_price(symbol: &str) -> f64 {
    tokio::time::sleep(Duration::from_millis(50)).await;
    let cents = symbol
        .bytes()
        .fold(7u64, |h, c| h.wrapping_mul(31).wrapping_add(u64::from(c)));
    (cents % 100_000) as f64 / 100.0
}

async fn quote(
    State(state): State<AppState>,
    Path(symbol): Path<String>,
) -> Result<Response, Unavailable> {
    let key = format!("quote:{symbol}");
    let cached: Option<f64> = state.redis.query_as(b().get().key(&key)).await?;
    let (price, source) = match cached {
        Some(price) => (price, "hit"),
        None => {
            let price = compute_price(&symbol).await;
            state
                .redis
                .query(
                    b().set()
                        .key(&key)
                        .value(price)
                        .ex(state.limits.cache_seconds),
                )
                .await?;
            (price, "miss")
        }
    };
    let mut response = Json(Quote { symbol, price }).into_response();
    response
        .headers_mut()
        .insert("x-cache", HeaderValue::from_static(source));
    Ok(response)
}

/// A fixed window per caller and minute: the first request of a window creates its
/// counter with a minute to live (`EXPIRE ... NX` leaves a running window's alone).
async fn rate_limit(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, Unavailable> {
    let caller = request
        .headers()
        .get("x-client-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("anonymous");
    let now = now();
    let key = format!("ratelimit:{caller}:{}", now / 60);
    let (count, _started) = state
        .redis
        .pipeline()
        .add(b().incr().key(&key))
        .add(b().expire().key(&key).seconds(60).nx())
        .query()
        .await?;
    if count > state.limits.requests_per_minute {
        let retry = (60 - now % 60).to_string();
        let mut response = StatusCode::TOO_MANY_REQUESTS.into_response();
        if let Ok(value) = HeaderValue::from_str(&retry) {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        return Ok(response);
    }
    Ok(next.run(request).await)
}
