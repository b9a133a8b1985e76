//! A small chat over Pub/Sub: each user subscribes to the room's channel (and to direct
//! messages by pattern), then everyone posts; each user prints what reaches it.
//!
//! `cargo run -p typedis --example pubsub_chat` (uses `REDIS_URL` or starts a local
//! redis-server).

mod common;

use typedis::{b, Client, MessageKind, Subscriber};

const ROOM: &str = "chat:room:rust";
const USERS: [&str; 3] = ["ada", "grace", "linus"];

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::from_env()?;
    let client = Client::connect(server.url()).await?;

    // Everyone joins before anyone talks: Pub/Sub keeps no history.
    let mut listeners = Vec::new();
    for user in USERS {
        let mut sub = client.subscriber().await?;
        sub.subscribe(&[ROOM]).await?;
        sub.psubscribe(&[format!("chat:dm:{user}:*")]).await?;
        // Each user hears the others in the room, plus one direct message.
        let expected = (USERS.len() - 1) + 1;
        listeners.push(tokio::spawn(listen(user, sub, expected)));
    }

    for user in USERS {
        let line = format!("{user}: hello from {user}");
        let heard_by = client
            .query(b().publish().channel(ROOM).message(line))
            .await?;
        println!("{user} posted to {heard_by} listeners");
    }
    for (i, user) in USERS.iter().enumerate() {
        let from = USERS[(i + 1) % USERS.len()];
        let channel = format!("chat:dm:{user}:{from}");
        let dm = b()
            .publish()
            .channel(channel)
            .message(format!("{from}: psst, {user}"));
        client.query(dm).await?;
    }
    for listener in listeners {
        listener.await??;
    }
    Ok(())
}

/// Prints `expected` messages meant for `user` (skipping its own room posts).
async fn listen(user: &str, mut sub: Subscriber, expected: usize) -> Result<(), typedis::Error> {
    let mut heard = 0;
    while heard < expected {
        let Some(message) = sub.next_message().await else {
            break;
        };
        let message = message?;
        let text = String::from_utf8_lossy(&message.payload);
        if message.kind == MessageKind::Channel && text.starts_with(&format!("{user}:")) {
            continue; // Our own post echoed back.
        }
        let via = match message.kind {
            MessageKind::Pattern => "direct",
            _ => "room",
        };
        println!("  [{user} hears, {via}] {text}");
        heard += 1;
    }
    sub.close();
    Ok(())
}
