// A transaction's `add` returns the queue of its commands, typed by their replies: its
// `exec` is on what `add` returned, not on the transaction.
use typedis::{b, Client};

async fn run(client: Client) -> Result<(), typedis::Error> {
    let tx = client.transaction().await?;
    tx.add(b().incr().key("hits"));
    tx.exec().await?;
    Ok(())
}

fn main() {
    let _ = run;
}
