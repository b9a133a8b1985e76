//! Commands that would break a connection shared by many callers: they change what the
//! connection replies (Pub/Sub mode, `MONITOR`, `CLIENT REPLY`, `RESET`, a new `HELLO`) or
//! open state that other callers' commands would fall into (`MULTI`, `WATCH`). They are
//! refused with a pointer to the API that does the job.

use crate::cmd::Command;

/// Why `command` may not run on a shared (or pooled) connection, if it may not.
pub(crate) fn refusal(command: &Command) -> Option<&'static str> {
    let name = command.name();
    // Every refused name is 4 to 12 bytes long: most commands are told apart by length.
    if !(4..=12).contains(&name.len()) {
        return None;
    }
    let is = |n: &str| name.eq_ignore_ascii_case(n);
    if is("SUBSCRIBE")
        || is("PSUBSCRIBE")
        || is("SSUBSCRIBE")
        || is("UNSUBSCRIBE")
        || is("PUNSUBSCRIBE")
        || is("SUNSUBSCRIBE")
    {
        return Some("Pub/Sub commands need a connection of their own: use Client::subscriber");
    }
    if is("MULTI") || is("EXEC") || is("DISCARD") || is("WATCH") || is("UNWATCH") {
        return Some("transactions need a connection of their own: use Client::transaction");
    }
    if is("MONITOR") || is("RESET") || is("HELLO") || is("QUIT") {
        return Some("this command changes the connection for every caller sharing it");
    }
    if is("SELECT") || is("AUTH") {
        // It would also be lost at the next reconnect, or outlive a transaction in the
        // pool of dedicated connections.
        return Some(
            "this command changes the connection for every caller sharing it: \
             set the database or the credentials in the Config (or the URL) instead",
        );
    }
    if is("CLIENT") || is("CLIENT REPLY") {
        // An untyped command is named by its first argument only.
        let mut args = command.args().skip(1);
        if is("CLIENT REPLY")
            || args
                .next()
                .is_some_and(|a| a.eq_ignore_ascii_case(b"REPLY"))
        {
            return Some("CLIENT REPLY would leave other callers without their replies");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::cmd;

    #[test]
    fn commands_that_change_a_shared_connection_are_refused() {
        for c in [
            cmd("subscribe").arg("ch"),
            cmd("MULTI"),
            cmd("WATCH").arg("k"),
            cmd("MONITOR"),
            cmd("client").arg("reply").arg("off"),
            cmd("HELLO").arg("2"),
            cmd("select").arg("1"),
            cmd("AUTH").arg("user").arg("pass"),
        ] {
            assert!(refusal(&c.build()).is_some());
        }
        for c in [
            cmd("GET").arg("k"),
            cmd("CLIENT").arg("INFO"),
            cmd("PUBLISH").arg("c").arg("m"),
        ] {
            assert!(refusal(&c.build()).is_none());
        }
    }
}
