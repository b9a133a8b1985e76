//! Moving slots with their keys from node to node, as `redis-cli --cluster reshard` does:
//! `SETSLOT IMPORTING` on the target, `MIGRATING` on the source, the keys `MIGRATE`d in
//! batches, then `SETSLOT NODE` on the target, the source and every other node.

use super::nodes::{share, BigCluster};
use typedis::cmd;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// One slot to move: `slot` from node `from` to node `to`.
#[derive(Debug, Clone, Copy)]
pub struct Move {
    pub slot: u16,
    pub from: usize,
    pub to: usize,
}

/// `total` slots spread over the nodes: the first `total / n` slots of each node's first
/// share go to the next node.
pub fn plan(n: usize, total: usize) -> Vec<Move> {
    let per = total / n;
    let mut moves = Vec::with_capacity(total);
    for from in 0..n {
        let (start, _) = share(from, n);
        for k in 0..per {
            moves.push(Move {
                slot: start + k as u16,
                from,
                to: (from + 1) % n,
            });
        }
    }
    moves
}

/// Moves one slot and its keys; returns how many keys it moved.
pub async fn move_slot(cluster: &BigCluster, m: Move) -> Res<usize> {
    let (source, target) = (&cluster.admin[m.from], &cluster.admin[m.to]);
    let (source_id, target_id) = (&cluster.ids[m.from], &cluster.ids[m.to]);
    let _: () = target
        .query_as(
            cmd("CLUSTER")
                .arg("SETSLOT")
                .arg(m.slot)
                .arg("IMPORTING")
                .arg(source_id),
        )
        .await?;
    let _: () = source
        .query_as(
            cmd("CLUSTER")
                .arg("SETSLOT")
                .arg(m.slot)
                .arg("MIGRATING")
                .arg(target_id),
        )
        .await?;
    let mut moved = 0;
    loop {
        let keys: Vec<bytes::Bytes> = source
            .query_as(cmd("CLUSTER").arg("GETKEYSINSLOT").arg(m.slot).arg(100))
            .await?;
        if keys.is_empty() {
            break;
        }
        moved += keys.len();
        let mut migrate = cmd("MIGRATE")
            .arg("127.0.0.1")
            .arg(cluster.ports[m.to])
            .arg("")
            .arg(0)
            .arg(5000)
            .arg("KEYS");
        for k in &keys {
            migrate = migrate.arg(k.as_ref());
        }
        let _: () = source.query_as(migrate).await?;
    }
    // The target first, then the source, then the others (see `move_slot` of the test
    // harness): told first, the source would send the slot to a target that still sends
    // it back.
    let node = |i: usize| {
        cluster.admin[i].query_as::<()>(
            cmd("CLUSTER")
                .arg("SETSLOT")
                .arg(m.slot)
                .arg("NODE")
                .arg(target_id),
        )
    };
    node(m.to).await?;
    node(m.from).await?;
    let others = (0..cluster.admin.len()).filter(|&i| i != m.to && i != m.from);
    futures_util::future::try_join_all(others.map(node)).await?;
    Ok(moved)
}
