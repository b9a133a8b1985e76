//! [`KeyEvent`]: what a keyspace notification says happened to a key, by the name the server
//! gives it, and the channel a notification comes on read as its database and key or event.

use bytes::Bytes;

macro_rules! events {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, )*) => {
        /// What happened to a key, as the server names it in a keyspace notification
        /// (`set`, `del`, `expired`, ...). The events of newer servers or modules that this
        /// list does not know are [`KeyEvent::Other`], with their name.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum KeyEvent {
            $( $(#[$doc])* $variant, )*
            /// An event this list does not name, with the server's name for it.
            Other(Bytes),
        }

        impl KeyEvent {
            /// The event of the server's name `name`.
            pub fn from_name(name: &[u8]) -> KeyEvent {
                match name {
                    $( $name => KeyEvent::$variant, )*
                    other => KeyEvent::Other(Bytes::copy_from_slice(other)),
                }
            }

            /// The server's name of the event (`b"expired"`).
            pub fn name(&self) -> &[u8] {
                match self {
                    $( KeyEvent::$variant => $name, )*
                    KeyEvent::Other(name) => name,
                }
            }
        }
    };
}

events! {
    /// `SET` and the commands that set a string (`set`).
    Set = b"set",
    /// `SETRANGE` (`setrange`).
    SetRange = b"setrange",
    /// `INCR`, `DECR`, `INCRBY`, `DECRBY` (`incrby`).
    IncrBy = b"incrby",
    /// `INCRBYFLOAT` (`incrbyfloat`).
    IncrByFloat = b"incrbyfloat",
    /// `APPEND` (`append`).
    Append = b"append",
    /// `DEL`, `UNLINK`, and an expiry set in the past (`del`).
    Del = b"del",
    /// An expiry set (`EXPIRE` and its kin; `expire`).
    Expire = b"expire",
    /// `PERSIST`: the expiry removed (`persist`).
    Persist = b"persist",
    /// The key expired (`expired`).
    Expired = b"expired",
    /// The key was evicted under `maxmemory` (`evicted`).
    Evicted = b"evicted",
    /// A key created (`new`; its own class, `n`).
    New = b"new",
    /// `RENAME`: the key renamed away (`rename_from`).
    RenameFrom = b"rename_from",
    /// `RENAME`: the key renamed to (`rename_to`).
    RenameTo = b"rename_to",
    /// `MOVE`: moved to another database, in the one it left (`move_from`).
    MoveFrom = b"move_from",
    /// `MOVE`: moved from another database, in the one it reached (`move_to`).
    MoveTo = b"move_to",
    /// `COPY`: the destination (`copy_to`).
    CopyTo = b"copy_to",
    /// `RESTORE` (`restore`).
    Restore = b"restore",
    /// `SORT ... STORE` (`sortstore`).
    SortStore = b"sortstore",
    /// `LPUSH`, `LPUSHX`, and a move to a list's head (`lpush`).
    LPush = b"lpush",
    /// `RPUSH`, `RPUSHX`, and a move to a list's tail (`rpush`).
    RPush = b"rpush",
    /// `LPOP` and a move from a list's head (`lpop`).
    LPop = b"lpop",
    /// `RPOP` and a move from a list's tail (`rpop`).
    RPop = b"rpop",
    /// `LINSERT` (`linsert`).
    LInsert = b"linsert",
    /// `LSET` (`lset`).
    LSet = b"lset",
    /// `LREM` (`lrem`).
    LRem = b"lrem",
    /// `LTRIM` (`ltrim`).
    LTrim = b"ltrim",
    /// `HSET`, `HSETNX`, `HMSET` (`hset`).
    HSet = b"hset",
    /// `HINCRBY` (`hincrby`).
    HIncrBy = b"hincrby",
    /// `HINCRBYFLOAT` (`hincrbyfloat`).
    HIncrByFloat = b"hincrbyfloat",
    /// `HDEL` (`hdel`).
    HDel = b"hdel",
    /// A hash field's expiry set (`hexpire`).
    HExpire = b"hexpire",
    /// Hash fields expired (`hexpired`).
    HExpired = b"hexpired",
    /// A hash field's expiry removed (`hpersist`).
    HPersist = b"hpersist",
    /// `SADD` (`sadd`).
    SAdd = b"sadd",
    /// `SREM` (`srem`).
    SRem = b"srem",
    /// `SPOP` (`spop`).
    SPop = b"spop",
    /// `SINTERSTORE` (`sinterstore`).
    SInterStore = b"sinterstore",
    /// `SUNIONSTORE` (`sunionstore`).
    SUnionStore = b"sunionstore",
    /// `SDIFFSTORE` (`sdiffstore`).
    SDiffStore = b"sdiffstore",
    /// `ZADD` (`zadd`).
    ZAdd = b"zadd",
    /// `ZINCRBY`, `ZADD ... INCR` (`zincr`).
    ZIncr = b"zincr",
    /// `ZREM` (`zrem`).
    ZRem = b"zrem",
    /// `ZREMRANGEBYSCORE` (`zremrangebyscore`).
    ZRemRangeByScore = b"zremrangebyscore",
    /// `ZREMRANGEBYRANK` (`zremrangebyrank`).
    ZRemRangeByRank = b"zremrangebyrank",
    /// `ZREMRANGEBYLEX` (`zremrangebylex`).
    ZRemRangeByLex = b"zremrangebylex",
    /// `ZINTERSTORE` (`zinterstore`).
    ZInterStore = b"zinterstore",
    /// `ZUNIONSTORE` (`zunionstore`).
    ZUnionStore = b"zunionstore",
    /// `ZDIFFSTORE` (`zdiffstore`).
    ZDiffStore = b"zdiffstore",
    /// `XADD` (`xadd`).
    XAdd = b"xadd",
    /// `XDEL` (`xdel`).
    XDel = b"xdel",
    /// `XTRIM`, and `XADD` with a trim (`xtrim`).
    XTrim = b"xtrim",
    /// `XSETID` (`xsetid`).
    XSetId = b"xsetid",
    /// `XGROUP CREATE` (`xgroup-create`).
    XGroupCreate = b"xgroup-create",
    /// `XGROUP CREATECONSUMER` (`xgroup-createconsumer`).
    XGroupCreateConsumer = b"xgroup-createconsumer",
    /// `XGROUP DELCONSUMER` (`xgroup-delconsumer`).
    XGroupDelConsumer = b"xgroup-delconsumer",
    /// `XGROUP DESTROY` (`xgroup-destroy`).
    XGroupDestroy = b"xgroup-destroy",
    /// `XGROUP SETID` (`xgroup-setid`).
    XGroupSetId = b"xgroup-setid",
}

impl std::fmt::Display for KeyEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&String::from_utf8_lossy(self.name()))
    }
}

/// The two channel families of keyspace notifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    /// `__keyspace@<db>__:<key>`, the event in the payload.
    Keyspace,
    /// `__keyevent@<db>__:<event>`, the key in the payload.
    Keyevent,
}

impl Family {
    fn prefix(self) -> &'static [u8] {
        match self {
            Family::Keyspace => b"__keyspace@",
            Family::Keyevent => b"__keyevent@",
        }
    }

    /// The channel (or pattern) of `db` (`*` for every database) and `rest`.
    pub(super) fn channel(self, db: Option<u32>, rest: &[u8]) -> Vec<u8> {
        let mut channel = self.prefix().to_vec();
        match db {
            Some(db) => channel.extend_from_slice(db.to_string().as_bytes()),
            None => channel.push(b'*'),
        }
        channel.extend_from_slice(b"__:");
        channel.extend_from_slice(rest);
        channel
    }
}

/// A notification's channel read as its family, database and the part after `__:` (a key
/// or an event name); `None` for any other channel.
pub(super) fn parse_channel(channel: &Bytes) -> Option<(Family, u32, Bytes)> {
    let family = [Family::Keyspace, Family::Keyevent]
        .into_iter()
        .find(|f| channel.starts_with(f.prefix()))?;
    let after = &channel[family.prefix().len()..];
    let end = memchr::memmem::find(after, b"__:")?;
    let db = std::str::from_utf8(&after[..end]).ok()?.parse().ok()?;
    let start = family.prefix().len() + end + 3;
    Some((family, db, channel.slice(start..)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_are_read_as_their_family_database_and_rest() {
        let channel = Bytes::from_static(b"__keyspace@12__:user:__:1");
        let (family, db, rest) = parse_channel(&channel).unwrap();
        assert_eq!(
            (family, db, &rest[..]),
            (Family::Keyspace, 12, &b"user:__:1"[..])
        );
        let channel = Bytes::from_static(b"__keyevent@0__:expired");
        let (family, db, rest) = parse_channel(&channel).unwrap();
        assert_eq!(
            (family, db, &rest[..]),
            (Family::Keyevent, 0, &b"expired"[..])
        );
        for other in [
            &b"news"[..],
            b"__keyspace@x__:k",
            b"__keyevent@1",
            b"__keyspace@-1__:k",
        ] {
            assert_eq!(
                parse_channel(&Bytes::copy_from_slice(other)),
                None,
                "{other:?}"
            );
        }
    }

    #[test]
    fn channels_are_written_for_one_database_or_all() {
        assert_eq!(
            Family::Keyspace.channel(Some(3), b"user:*"),
            b"__keyspace@3__:user:*"
        );
        assert_eq!(
            Family::Keyevent.channel(None, b"del"),
            b"__keyevent@*__:del"
        );
    }

    #[test]
    fn events_are_read_by_name_and_unknown_ones_kept() {
        assert_eq!(KeyEvent::from_name(b"expired"), KeyEvent::Expired);
        assert_eq!(KeyEvent::from_name(b"xgroup-setid"), KeyEvent::XGroupSetId);
        let other = KeyEvent::from_name(b"json.set");
        assert_eq!(other, KeyEvent::Other(Bytes::from_static(b"json.set")));
        assert_eq!(other.name(), b"json.set");
        assert_eq!(KeyEvent::HSet.to_string(), "hset");
    }
}
