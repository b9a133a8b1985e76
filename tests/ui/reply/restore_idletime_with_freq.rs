// The server refuses RESTORE's IDLETIME and FREQ together: so do the types.
use typedis::{b, Client};

async fn restore(client: Client, dump: Vec<u8>) -> Result<(), typedis::Error> {
    let command = b().restore().key("k").ttl(0).serialized_value(dump);
    client.query(command.idletime(5).freq(2)).await?;
    Ok(())
}

fn main() {
    let _ = restore;
}
