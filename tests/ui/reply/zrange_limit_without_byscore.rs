// The server refuses ZRANGE's LIMIT without BYSCORE or BYLEX: the types refuse it too,
// and the error says what to add.
use typedis::{b, Client};

async fn page(client: Client) -> Result<(), typedis::Error> {
    let _ = client
        .query(b().zrange().key("board").start(0).stop(-1).limit(0, 10))
        .await?;
    Ok(())
}

fn main() {
    let _ = page;
}
