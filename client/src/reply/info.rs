//! The text replies of operators' commands, parsed once: [`Info`] (`INFO`: sections of
//! `field:value` lines), [`ClientInfo`] (`CLIENT INFO`: one client's `field=value` words)
//! and [`ClientList`] (`CLIENT LIST`: one [`ClientInfo`] per line). Each keeps the reply's
//! text and hands out `&str` views of it.

use std::ops::Range;
use std::str::FromStr;

use bytes::Bytes;

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// The reply of `INFO`: its sections (`# Server`, `# Clients`, ...) of `field:value` lines.
///
/// ```
/// use typedis::reply::Info;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let text = "# Server\r\nredis_version:7.0.15\r\nprocess_id:42\r\n\r\n\
///             ## Keyspace\r\ndb0:keys=2,expires=0,avg_ttl=0\r\n";
/// let info: Info = typedis::resp::decode(format!("${}\r\n{text}\r\n", text.len()).as_bytes())?;
/// assert_eq!(info.server_version(), Some("7.0.15"));
/// assert_eq!(info.parse::<u32>("process_id")?, 42);
/// assert_eq!(info.section("keyspace").unwrap().get("db0"), Some("keys=2,expires=0,avg_ttl=0"));
/// let keys = info.get_fields("db0").unwrap().find(|(k, _)| *k == "keys");
/// assert_eq!(keys, Some(("keys", "2")));
/// # Ok(())
/// # }
/// ```
///
/// With a typed builder: `let info = client.query(b().info().section("memory")).await?;`.
#[derive(Clone)]
pub struct Info {
    text: Bytes,
    sections: Vec<SectionIndex>,
}

#[derive(Clone)]
struct SectionIndex {
    name: Range<usize>,
    fields: Vec<(Range<usize>, Range<usize>)>,
}

/// One section of an [`Info`]: its name (as the server writes it: `Server`, `Clients`)
/// and its fields, in order.
#[derive(Clone, Copy)]
pub struct InfoSection<'a> {
    text: &'a str,
    index: &'a SectionIndex,
}

impl Info {
    /// The value of `field`, in whichever section has it (field names are unique across
    /// sections).
    pub fn get(&self, field: &str) -> Option<&str> {
        self.sections().find_map(|s| s.get(field))
    }

    /// `field`'s value parsed as a `T`.
    ///
    /// # Errors
    ///
    /// When the reply has no such field, or its value is not a `T`; the error names it.
    pub fn parse<T: FromStr>(&self, field: &str) -> Result<T, DecodeError> {
        parse_field("INFO", field, self.get(field))
    }

    /// A value of the `key=value,key=value` form (`db0`, `slave0`, `cmdstat_get`, ...), split
    /// into its pairs.
    pub fn get_fields(&self, field: &str) -> Option<impl Iterator<Item = (&str, &str)>> {
        Some(
            self.get(field)?
                .split(',')
                .filter_map(|p| p.split_once('=')),
        )
    }

    /// The section called `name` (`server`, `Keyspace`: the case does not matter).
    pub fn section(&self, name: &str) -> Option<InfoSection<'_>> {
        self.sections()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The sections, in the reply's order.
    pub fn sections(&self) -> impl Iterator<Item = InfoSection<'_>> {
        let text = self.as_str();
        self.sections
            .iter()
            .map(move |index| InfoSection { text, index })
    }

    /// The name of the server's software: `valkey` on Valkey (its `server_name`), `redis`
    /// otherwise.
    pub fn server_name(&self) -> &str {
        self.get("server_name").unwrap_or("redis")
    }

    /// The server's version: `valkey_version` on Valkey (whose `redis_version` is the
    /// Redis version it is compatible with), `redis_version` otherwise; `None` when the
    /// reply has no `Server` section.
    pub fn server_version(&self) -> Option<&str> {
        self.get("valkey_version")
            .or_else(|| self.get("redis_version"))
    }

    /// The reply's text, as the server sent it.
    pub fn as_str(&self) -> &str {
        // Checked (or made) UTF-8 when read.
        std::str::from_utf8(&self.text).unwrap_or_default()
    }
}

impl<'a> InfoSection<'a> {
    /// The section's name, as the server writes it after `# ` (`Server`, `Keyspace`).
    pub fn name(&self) -> &'a str {
        &self.text[self.index.name.clone()]
    }

    /// The value of `field` in this section.
    pub fn get(&self, field: &str) -> Option<&'a str> {
        self.iter().find(|(k, _)| *k == field).map(|(_, v)| v)
    }

    /// The section's fields and values, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        let text = self.text;
        self.index
            .fields
            .iter()
            .map(move |(k, v)| (&text[k.clone()], &text[v.clone()]))
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.index.fields.len()
    }

    /// Whether the section has no field (`# Keyspace` of an empty server).
    pub fn is_empty(&self) -> bool {
        self.index.fields.is_empty()
    }
}

impl std::fmt::Debug for Info {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.sections().map(|s| (s.name(), s)))
            .finish()
    }
}

impl std::fmt::Debug for InfoSection<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'de> RespRead<'de> for Info {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let text = utf8_text(r)?;
        let s = std::str::from_utf8(&text).unwrap_or_default();
        let mut sections: Vec<SectionIndex> = Vec::new();
        for line in lines(s) {
            let body = &s[line.clone()];
            if let Some(name) = body.strip_prefix('#') {
                let skipped = body.len() - name.trim_start().len();
                let start = line.start + skipped;
                sections.push(SectionIndex {
                    name: start..line.end,
                    fields: Vec::new(),
                });
            } else if let Some(colon) = body.find(':') {
                if sections.is_empty() {
                    // Fields before any header (no server writes them): a nameless section.
                    sections.push(SectionIndex {
                        name: line.start..line.start,
                        fields: Vec::new(),
                    });
                }
                let at = line.start + colon;
                let last = sections.last_mut().expect("pushed above");
                last.fields.push((line.start..at, at + 1..line.end));
            }
        }
        Ok(Info { text, sections })
    }
}

/// One client of `CLIENT INFO` or a line of `CLIENT LIST`: its `field=value` words
/// (`id`, `addr`, `name`, `db`, `cmd`, `user`, ...).
///
/// ```
/// use typedis::reply::ClientInfo;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let text = "id=7 addr=127.0.0.1:50100 name=worker db=0 cmd=client|info\n";
/// let me: ClientInfo = typedis::resp::decode(format!("${}\r\n{text}\r\n", text.len()).as_bytes())?;
/// assert_eq!(me.id(), Some(7));
/// assert_eq!(me.name(), Some("worker"));
/// assert_eq!(me.parse::<u32>("db")?, 0);
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct ClientInfo {
    text: Bytes,
    fields: Vec<(Range<usize>, Range<usize>)>,
}

impl ClientInfo {
    fn from_line(text: &Bytes, line: Range<usize>) -> ClientInfo {
        let line_text = &text[line.clone()];
        let mut fields = Vec::new();
        let mut at = 0;
        for word in line_text.split(|&b| b == b' ') {
            if let Some(eq) = word.iter().position(|&b| b == b'=') {
                fields.push((at..at + eq, at + eq + 1..at + word.len()));
            }
            at += word.len() + 1;
        }
        ClientInfo {
            text: text.slice(line),
            fields,
        }
    }

    /// The value of `field` (`""` for a field the server writes empty, such as the name
    /// of a client that set none).
    pub fn get(&self, field: &str) -> Option<&str> {
        self.iter().find(|(k, _)| *k == field).map(|(_, v)| v)
    }

    /// `field`'s value parsed as a `T`.
    ///
    /// # Errors
    ///
    /// When there is no such field, or its value is not a `T`; the error names it.
    pub fn parse<T: FromStr>(&self, field: &str) -> Result<T, DecodeError> {
        parse_field("CLIENT INFO", field, self.get(field))
    }

    /// The client's id (`id`).
    pub fn id(&self) -> Option<u64> {
        self.get("id")?.parse().ok()
    }

    /// The client's address (`addr`, `host:port`).
    pub fn addr(&self) -> Option<&str> {
        self.get("addr")
    }

    /// The client's name (`name`), `None` when it set none.
    pub fn name(&self) -> Option<&str> {
        self.get("name").filter(|n| !n.is_empty())
    }

    /// The fields and values, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        let text = self.as_str();
        self.fields
            .iter()
            .map(move |(k, v)| (&text[k.clone()], &text[v.clone()]))
    }

    /// The client's line, as the server sent it.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.text).unwrap_or_default()
    }
}

impl std::fmt::Debug for ClientInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'de> RespRead<'de> for ClientInfo {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let text = utf8_text(r)?;
        let s = std::str::from_utf8(&text).unwrap_or_default();
        let line = lines(s).next().unwrap_or(0..0);
        Ok(ClientInfo::from_line(&text, line))
    }
}

/// The reply of `CLIENT LIST`: one [`ClientInfo`] per connected client.
///
/// ```
/// use typedis::reply::ClientList;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let text = "id=3 addr=127.0.0.1:1 name=a\nid=4 addr=127.0.0.1:2 name=\n";
/// let list: ClientList = typedis::resp::decode(format!("${}\r\n{text}\r\n", text.len()).as_bytes())?;
/// assert_eq!(list.len(), 2);
/// assert_eq!(list.iter().filter_map(|c| c.name()).collect::<Vec<_>>(), ["a"]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct ClientList(Vec<ClientInfo>);

impl ClientList {
    /// The clients, as a `Vec`.
    pub fn into_vec(self) -> Vec<ClientInfo> {
        self.0
    }
}

impl std::ops::Deref for ClientList {
    type Target = [ClientInfo];
    fn deref(&self) -> &[ClientInfo] {
        &self.0
    }
}

impl IntoIterator for ClientList {
    type Item = ClientInfo;
    type IntoIter = std::vec::IntoIter<ClientInfo>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a ClientList {
    type Item = &'a ClientInfo;
    type IntoIter = std::slice::Iter<'a, ClientInfo>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'de> RespRead<'de> for ClientList {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let text = utf8_text(r)?;
        let s = std::str::from_utf8(&text).unwrap_or_default();
        let clients = lines(s)
            .filter(|l| !l.is_empty())
            .map(|l| ClientInfo::from_line(&text, l))
            .collect();
        Ok(ClientList(clients))
    }
}

/// A text reply (bulk or verbatim string) as UTF-8 (any byte that is not made so).
fn utf8_text(r: &mut Reader<'_>) -> Result<Bytes, DecodeError> {
    let text = r.bytes_owned()?;
    Ok(match std::str::from_utf8(&text) {
        Ok(_) => text,
        Err(_) => Bytes::from(String::from_utf8_lossy(&text).into_owned()),
    })
}

/// The ranges of `text`'s lines, without their `\r\n` or `\n`, empty ones skipped.
fn lines(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = 0;
    text.split('\n').filter_map(move |line| {
        let start = at;
        at += line.len() + 1;
        let end = start + line.trim_end_matches('\r').len();
        (end > start).then_some(start..end)
    })
}

fn parse_field<T: FromStr>(
    command: &'static str,
    field: &str,
    value: Option<&str>,
) -> Result<T, DecodeError> {
    let value =
        value.ok_or_else(|| DecodeError::custom(format!("{command} has no field `{field}`")))?;
    value.parse().map_err(|_| {
        DecodeError::custom(format!(
            "{command} field `{field}` is `{value}`, not a {}",
            std::any::type_name::<T>()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bulk(text: &str) -> Vec<u8> {
        format!("${}\r\n{text}\r\n", text.len()).into_bytes()
    }

    #[test]
    fn info_reads_sections_fields_and_the_server() {
        let text = "# Server\r\nredis_version:7.2.4\r\nserver_name:valkey\r\n\
                    valkey_version:9.1.2\r\nexecutable:/a:b\r\n\r\n# Keyspace\r\n";
        let info: Info = crate::resp::decode(&bulk(text)).unwrap();
        assert_eq!(info.server_name(), "valkey");
        assert_eq!(info.server_version(), Some("9.1.2"));
        // Only the first colon splits.
        assert_eq!(info.get("executable"), Some("/a:b"));
        let names: Vec<&str> = info.sections().map(|s| s.name()).collect();
        assert_eq!(names, ["Server", "Keyspace"]);
        assert!(info.section("KEYSPACE").unwrap().is_empty());
        assert_eq!(info.section("server").unwrap().len(), 4);
        let e = info.parse::<u64>("redis_version").unwrap_err();
        assert!(e.to_string().contains("`7.2.4`, not a u64"), "{e}");
        let e = info.parse::<u64>("nope").unwrap_err();
        assert!(e.to_string().contains("no field `nope`"), "{e}");
        // The RESP3 form: a verbatim string.
        let verbatim = format!("={}\r\ntxt:{text}\r\n", text.len() + 4);
        let info: Info = crate::resp::decode(verbatim.as_bytes()).unwrap();
        assert_eq!(info.get("redis_version"), Some("7.2.4"));
    }

    #[test]
    fn client_lines_split_into_fields() {
        let list: ClientList =
            crate::resp::decode(&bulk("id=1 name= flags=N\nid=2 name=x lib-name=t\n")).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].name(), None);
        assert_eq!(list[0].get("name"), Some(""));
        assert_eq!(list[1].get("lib-name"), Some("t"));
        assert_eq!(list[1].id(), Some(2));
        assert_eq!(list[1].as_str(), "id=2 name=x lib-name=t");
    }

    #[test]
    fn not_a_string_is_an_error() {
        assert!(crate::resp::decode::<Info>(b":1\r\n").is_err());
        assert!(crate::resp::decode::<ClientInfo>(b"*0\r\n").is_err());
    }
}
