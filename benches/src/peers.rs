//! The peers' decode paths, as their connections run them: redis-rs's `ValueCodec` then
//! `FromRedisValue`, fred's decoder (the `redis-protocol` crate) then its `Value` and
//! `FromValue`, and rustis's tape parser then its serde deserializer.

use std::cell::RefCell;

use redis_protocol::resp2::types::BytesFrame as Resp2Frame;
use redis_protocol::resp3::types::BytesFrame as Resp3Frame;
use tokio_util::codec::Decoder;

use crate::arrival::Arrival;
use crate::fixtures::Proto;

thread_local! {
    // A connection keeps one codec, with its partial-parse state, for its lifetime.
    static CODEC: RefCell<redis::ValueCodec> = RefCell::new(redis::ValueCodec::default());
}

/// redis-rs: the `ValueCodec` its async connections run, retried after each read until it
/// yields a `redis::Value`.
///
/// # Panics
///
/// When the fixture does not parse.
pub fn redis_value(a: &mut Arrival<'_>) -> redis::Value {
    CODEC.with_borrow_mut(|codec| a.until(|buf| codec.decode(buf).expect("redis-rs parses it")))
}

/// redis-rs: [`redis_value`], then `FromRedisValue` into `T`.
///
/// # Panics
///
/// When the reply does not convert to `T`.
pub fn redis_typed<T: redis::FromRedisValue>(a: &mut Arrival<'_>) -> T {
    redis::from_redis_value(redis_value(a)).expect("redis-rs converts it")
}

/// fred's RESP2 decoder (`redis_protocol::resp2::decode::decode_bytes_mut`), retried after
/// each read (it starts again from the first byte every time).
///
/// # Panics
///
/// When the fixture does not parse.
pub fn resp2_frame(a: &mut Arrival<'_>) -> Resp2Frame {
    a.until(|buf| {
        redis_protocol::resp2::decode::decode_bytes_mut(buf)
            .expect("redis-protocol parses it")
            .map(|(frame, _, _)| frame)
    })
}

/// fred's RESP3 decoder (`redis_protocol::resp3::decode::streaming::decode_bytes_mut`, as
/// fred's codec calls it), retried after each read.
///
/// # Panics
///
/// When the fixture does not parse.
pub fn resp3_frame(a: &mut Arrival<'_>) -> Resp3Frame {
    a.until(|buf| {
        redis_protocol::resp3::decode::streaming::decode_bytes_mut(buf)
            .expect("redis-protocol parses it")
            .map(|(frame, _, _)| frame.into_complete_frame().expect("not streamed"))
    })
}

/// redis-protocol alone (fred's decoder, without fred's conversion): the frame tree.
/// Returns 1, after making the frame observable so the optimiser cannot drop the decode.
pub fn frame_only(proto: Proto, a: &mut Arrival<'_>) -> usize {
    match proto {
        Proto::Resp2 => drop(std::hint::black_box(resp2_frame(a))),
        Proto::Resp3 => drop(std::hint::black_box(resp3_frame(a))),
    }
    1
}

/// fred: its decoder, the frame converted to fred's `Value` (RESP2 frames are lifted to
/// RESP3 first, as fred does), which is an `Err` for an error reply.
///
/// # Panics
///
/// When the fixture does not parse.
pub fn fred_value(
    proto: Proto,
    a: &mut Arrival<'_>,
) -> Result<fred::types::Value, fred::error::Error> {
    let frame = match proto {
        Proto::Resp2 => resp2_frame(a).into_resp3(),
        Proto::Resp3 => resp3_frame(a),
    };
    fred::types::Value::try_from(frame)
}

/// fred: [`fred_value`], then `FromValue` into `T`.
///
/// # Panics
///
/// When the reply is an error or does not convert to `T`.
pub fn fred_typed<T: fred::types::FromValue>(proto: Proto, a: &mut Arrival<'_>) -> T {
    fred_value(proto, a)
        .and_then(fred::types::Value::convert)
        .expect("fred converts it")
}

/// rustis: its RESP3 parser (the tape builder its connections' decoder runs), then its serde
/// deserializer into `T`, through `rustis::resp::bench_support::bench_decode_to` (feature
/// `bench`), the one public way in: the decoder, `RespBuf` and `RespDeserializer` are
/// crate-private. Unlike a connection, which recycles its tape and splits the frame off
/// its read buffer, that entry point builds a fresh tape (and parse stack) and copies the
/// frame into a new `Bytes` on every call: allocations a warm connection does not make.
///
/// # Panics
///
/// When the fixture does not parse, and for a reply that arrives in several reads (that
/// entry point takes a whole frame).
pub fn rustis_typed<T: serde::de::DeserializeOwned>(a: &mut Arrival<'_>) -> T {
    a.until(|buf| Some(rustis::resp::bench_support::bench_decode_to(buf).expect("rustis reads it")))
}
