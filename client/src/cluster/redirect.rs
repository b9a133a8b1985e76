//! The cluster's answers that are not the command's own: `MOVED` and `ASK` redirects, and
//! the transient refusals (`TRYAGAIN`, `CLUSTERDOWN`, `LOADING`, `MASTERDOWN`) worth a
//! retry after a pause.

use super::topology::NodeAddr;
use crate::wire::Frame;
use crate::wire::Reader;

/// What an error reply asks the client to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Redirect {
    /// The slot lives elsewhere for good: update the map, retry there.
    Moved { slot: u16, addr: NodeAddr },
    /// The slot is migrating: retry once at `addr`, after `ASKING`.
    Ask { addr: NodeAddr },
    /// A transient refusal; `refresh` when the topology may have changed.
    Retry { refresh: bool },
}

/// Reads the redirect an error reply carries, if any. `from` is the address of the node
/// that answered: a redirect with an empty host means that node's host.
pub(crate) fn redirect(frame: &Frame, from: &str) -> Option<Redirect> {
    if !frame.is_error() {
        return None;
    }
    let error = Reader::new(frame).server_error().ok()??;
    match error.code() {
        Some(code @ ("MOVED" | "ASK")) => {
            let (slot, addr) = error.message().split_once(' ')?;
            let slot: u16 = slot.parse().ok()?;
            let addr = addr.trim();
            let addr: NodeAddr = match addr.strip_prefix(':') {
                Some(port) => {
                    let host = from.rsplit_once(':').map_or(from, |(h, _)| h);
                    format!("{host}:{port}").into()
                }
                None => addr.into(),
            };
            Some(if code == "MOVED" {
                Redirect::Moved { slot, addr }
            } else {
                Redirect::Ask { addr }
            })
        }
        Some("TRYAGAIN" | "LOADING") => Some(Redirect::Retry { refresh: false }),
        Some("CLUSTERDOWN" | "MASTERDOWN") => Some(Redirect::Retry { refresh: true }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(bytes: &[u8]) -> Option<Redirect> {
        redirect(&Frame::from_slice(bytes).unwrap(), "10.0.0.1:7000")
    }

    #[test]
    fn moved_and_ask_name_slot_and_node() {
        assert_eq!(
            r(b"-MOVED 3999 127.0.0.1:6381\r\n"),
            Some(Redirect::Moved {
                slot: 3999,
                addr: "127.0.0.1:6381".into()
            })
        );
        assert_eq!(
            r(b"-ASK 3999 :6381\r\n"),
            Some(Redirect::Ask {
                addr: "10.0.0.1:6381".into()
            })
        );
    }

    #[test]
    fn transient_errors_retry_and_others_do_not() {
        assert_eq!(
            r(b"-TRYAGAIN Multiple keys request during rehashing of slot\r\n"),
            Some(Redirect::Retry { refresh: false })
        );
        assert_eq!(
            r(b"-CLUSTERDOWN The cluster is down\r\n"),
            Some(Redirect::Retry { refresh: true })
        );
        assert_eq!(r(b"-ERR wrong number of arguments\r\n"), None);
        assert_eq!(r(b"-MOVED nonsense\r\n"), None);
        assert_eq!(r(b"+OK\r\n"), None);
    }
}
