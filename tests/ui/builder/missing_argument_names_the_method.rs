// HSETEX's field-value pairs are the spec's `data`: the error names the method that
// gives them, `field_value`.
async fn store(client: typedis::Client) -> Result<(), typedis::Error> {
    client.query(typedis::b().hsetex().key("h")).await?;
    Ok(())
}

fn main() {
    let _ = store;
}
