// An incomplete command cannot be sent, and the error says which arguments it lacks.
use typedis::{b, Client};

async fn read(client: Client) -> Result<(), typedis::Error> {
    let _ = client.query(b().xrange().key("readings")).await?;
    Ok(())
}

fn main() {
    let _ = read;
}
