// `query` reads the type the command declares; a type of your choice goes to `query_as`.
use typedis::{b, Client};

async fn read(client: Client) -> Result<(), typedis::Error> {
    let _ = client.query::<i64>(b().get().key("k")).await?;
    Ok(())
}

fn main() {
    let _ = read;
}
