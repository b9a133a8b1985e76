// With WITHSCORES, ZRANGE replies member/score pairs: its reply is not a List of members
// (read it as one with `query_as`, or drop WITHSCORES).
use typedis::reply::List;
use typedis::{b, Client};

async fn leaderboard(client: Client) -> Result<(), typedis::Error> {
    let top: List = client
        .query(b().zrange().key("board").start(0).stop(9).withscores())
        .await?;
    let _ = top;
    Ok(())
}

fn main() {
    let _ = leaderboard;
}
