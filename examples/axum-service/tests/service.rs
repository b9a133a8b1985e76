//! The service against a real server, requests sent to the router in-process: a session
//! opened, read, renewed and closed; the rate limiter's window; the cache's miss and hit
//! and the entry's expiry.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use tower::ServiceExt;
use typedis::{b, Client};
use typedis_example_axum::{app, Limits, SESSION_SECONDS};
use typedis_test::RedisServer;

/// Sends `request` and returns the status, the headers and the body as JSON (or `null`).
async fn send(
    router: &Router,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, serde_json::Value) {
    let response = router.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
    (parts.status, parts.headers, json)
}

fn get(uri: &str, session: Option<&str>) -> Request<Body> {
    let mut request = Request::get(uri);
    if let Some(id) = session {
        request = request.header(header::AUTHORIZATION, format!("Bearer {id}"));
    }
    request.body(Body::empty()).unwrap()
}

#[tokio::test]
async fn a_session_is_opened_read_renewed_and_closed() {
    let server = RedisServer::start();
    let redis = Client::connect(&server.url()).await.unwrap();
    let router = app(redis.clone(), Limits::default());

    let open = Request::post("/sessions")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"user":"ann"}"#))
        .unwrap();
    let (status, _, body) = send(&router, open).await;
    assert_eq!(status, StatusCode::CREATED);
    let id = body["session"].as_str().unwrap().to_owned();
    assert_eq!(id.len(), 32);

    let key = format!("session:{id}");
    redis
        .query(b().expire().key(&key).seconds(5))
        .await
        .unwrap();
    let (status, _, body) = send(&router, get("/me", Some(&id))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"], "ann");
    assert!(body["opened_at"].as_u64().unwrap() > 1_700_000_000);
    // Reading it renewed its life.
    let ttl = redis.query(b().ttl().key(&key)).await.unwrap();
    assert!(ttl > 5 && ttl <= SESSION_SECONDS as i64, "{ttl}");

    let (status, _, _) = send(&router, get("/me", None)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _, _) = send(&router, get("/me", Some("0123abcd"))).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "a session that does not exist"
    );

    let close = Request::delete("/sessions")
        .header(header::AUTHORIZATION, format!("Bearer {id}"))
        .body(Body::empty())
        .unwrap();
    let (status, _, _) = send(&router, close).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _, _) = send(&router, get("/me", Some(&id))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_caller_has_its_own_window() {
    let server = RedisServer::start();
    let redis = Client::connect(&server.url()).await.unwrap();
    let limits = Limits {
        requests_per_minute: 3,
        ..Limits::default()
    };
    let router = app(redis, limits);
    let from = |caller: &str| {
        Request::get("/me")
            .header("x-client-id", caller)
            .body(Body::empty())
            .unwrap()
    };
    for _ in 0..3 {
        let (status, _, _) = send(&router, from("ann")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "let through");
    }
    let (status, headers, _) = send(&router, from("ann")).await;
    // The fourth of the minute, unless the minute turned between the requests.
    if status == StatusCode::TOO_MANY_REQUESTS {
        let retry: u64 = headers[header::RETRY_AFTER]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
    } else {
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _, _) = send(&router, from("ann")).await;
        assert_ne!(status, StatusCode::OK);
    }
    let (status, _, _) = send(&router, from("bob")).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "another caller is let through"
    );
}

#[tokio::test]
async fn a_quote_is_computed_once_then_served_from_the_cache_until_it_expires() {
    let server = RedisServer::start();
    let redis = Client::connect(&server.url()).await.unwrap();
    let limits = Limits {
        cache_seconds: 1,
        ..Limits::default()
    };
    let router = app(redis.clone(), limits);
    let (status, headers, first) = send(&router, get("/quotes/ACME", None)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["x-cache"], "miss");
    let (_, headers, second) = send(&router, get("/quotes/ACME", None)).await;
    assert_eq!(headers["x-cache"], "hit");
    assert_eq!(first, second);
    let ttl = redis.query(b().ttl().key("quote:ACME")).await.unwrap();
    assert_eq!(ttl, 1);
    // Gone once its time is up (waited for by the server's clock, not a sleep).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while redis.query(b().exists().key("quote:ACME")).await.unwrap() == 1 {
        assert!(std::time::Instant::now() < deadline, "the entry expires");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (_, headers, third) = send(&router, get("/quotes/ACME", None)).await;
    assert_eq!(headers["x-cache"], "miss");
    assert_eq!(third, first);
}
