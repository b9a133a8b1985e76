//! Delivery in order, whatever the reads bring: a pipeline's frames arriving over several
//! deliveries, slots of one and of many frames mixed, a slot whose caller gave up.

use super::*;
use crate::wire::ProtocolError;
use crate::wire::ProtocolErrorKind;

fn frames(words: &[&str]) -> Vec<Frame> {
    words
        .iter()
        .map(|w| Frame::from_slice(format!("+{w}\r\n").as_bytes()).unwrap())
        .collect()
}

fn words(frames: &[Frame]) -> Vec<String> {
    frames
        .iter()
        .map(|f| String::from_utf8_lossy(&f.as_bytes()[1..f.as_bytes().len() - 2]).into_owned())
        .collect()
}

fn one(queue: &ReplyQueue) -> oneshot::Receiver<Result<Frame, Error>> {
    let (tx, rx) = oneshot::channel();
    queue.join(1, Some(ReplyTx::One(tx)), None).unwrap();
    rx
}

fn many(
    queue: &ReplyQueue,
    n: usize,
    deadline: Option<Instant>,
) -> oneshot::Receiver<Result<Vec<Frame>, Error>> {
    let (tx, rx) = oneshot::channel();
    queue.join(n, Some(ReplyTx::Many(tx)), deadline).unwrap();
    rx
}

/// Delivers `batch`, as the reader does after a read.
fn deliver(queue: &ReplyQueue, batch: &[&str]) -> Result<Delivered, Cause> {
    let mut batch = frames(batch);
    let result = queue.deliver(&mut batch, &mut Vec::new(), None);
    assert!(batch.is_empty(), "every frame is taken");
    result
}

#[test]
fn frames_go_to_their_slots_in_order_however_the_reads_cut_them() {
    let queue = ReplyQueue::default();
    let mut a = many(&queue, 3, None);
    let mut b = one(&queue);
    let mut c = many(&queue, 2, None);
    let mut d = one(&queue);

    let delivered = deliver(&queue, &["a1", "a2"]).unwrap();
    assert_eq!((delivered.waiting, delivered.left), (4, 4));
    assert!(a.try_recv().is_err(), "a waits for its third frame");

    // The end of a pipeline, a lone command, the start of the next pipeline.
    deliver(&queue, &["a3", "b", "c1"]).unwrap();
    assert_eq!(words(&a.try_recv().unwrap().unwrap()), ["a1", "a2", "a3"]);
    assert_eq!(words(&[b.try_recv().unwrap().unwrap()]), ["b"]);
    assert!(c.try_recv().is_err());

    let delivered = deliver(&queue, &["c2", "d"]).unwrap();
    assert_eq!(delivered.left, 0);
    assert_eq!(words(&c.try_recv().unwrap().unwrap()), ["c1", "c2"]);
    assert_eq!(words(&[d.try_recv().unwrap().unwrap()]), ["d"]);

    // A read that brings exactly the rest of a pipeline.
    let mut e = many(&queue, 3, None);
    deliver(&queue, &["e1", "e2", "e3"]).unwrap();
    assert_eq!(words(&e.try_recv().unwrap().unwrap()), ["e1", "e2", "e3"]);
    assert_eq!(queue.waiting(), 0);

    // A frame nobody asked for closes the connection.
    assert!(matches!(
        deliver(&queue, &["stray"]),
        Err(Cause::Protocol(ProtocolError {
            kind: ProtocolErrorKind::UnexpectedReply,
            ..
        }))
    ));
}

#[test]
fn a_pipeline_whose_caller_gave_up_takes_its_frames_and_no_more() {
    let queue = ReplyQueue::default();
    let now = Instant::now();
    let mut gone = many(&queue, 3, Some(now));
    let mut next = many(&queue, 2, None);
    let mut last = one(&queue);
    queue.watch(now, Duration::from_secs(1), None);
    assert!(matches!(gone.try_recv(), Ok(Err(Error::Timeout(_)))));

    deliver(&queue, &["g1", "g2"]).unwrap();
    deliver(&queue, &["g3", "n1", "n2", "l"]).unwrap();
    assert_eq!(words(&next.try_recv().unwrap().unwrap()), ["n1", "n2"]);
    assert_eq!(words(&[last.try_recv().unwrap().unwrap()]), ["l"]);
    assert_eq!(queue.waiting(), 0);
}

#[test]
fn more_frames_than_slots_deliver_the_ones_asked_for_first() {
    let queue = ReplyQueue::default();
    let mut a = many(&queue, 2, None);
    assert!(deliver(&queue, &["a1", "a2", "stray"]).is_err());
    assert_eq!(words(&a.try_recv().unwrap().unwrap()), ["a1", "a2"]);
}
