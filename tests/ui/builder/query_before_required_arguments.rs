// SET needs a value: a builder without one is not a request, and says what to add.
async fn store(client: typedis::Client) -> Result<(), typedis::Error> {
    client.query(typedis::b().set().key("k")).await?;
    Ok(())
}

fn main() {
    let _ = store;
}
