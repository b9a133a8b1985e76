//! [`ToFields`]: a struct written as field-value pairs (`HSET`, `HSETEX`, `XADD`), what
//! `#[derive(ToFields)]` implements; [`FieldPairs`], the pairs it gives.

use super::arg::ToArg;

/// Derives [`ToFields`](trait@ToFields) for a struct with named fields.
pub use typedis_derive::ToFields;

/// A value written as field-value pairs, one pair per field, for the builders' counted
/// `field_value_iter` (`HSET`, `HSETEX ... FIELDS`, `XADD`).
///
/// `#[derive(ToFields)]` implements it for a struct with named fields: each field is
/// written under its name (`#[resp(rename = "...")]` and `#[resp(rename_all = "...")]`
/// as `#[derive(RespRead)]` reads them), its value as [`ToArg`] writes it, and a field
/// that is an `Option` is left out when it is `None`. A `#[resp(map)]` struct deriving
/// both reads back what it wrote.
///
/// ```
/// use typedis::{b, RespRead, ToFields};
///
/// #[derive(ToFields, RespRead, Debug, PartialEq)]
/// #[resp(map, rename_all = "kebab-case")]
/// struct Session {
///     user_id: u64,
///     name: String,
///     admin: bool,
///     theme: Option<String>,
/// }
///
/// let s = Session { user_id: 42, name: "ann".into(), admin: false, theme: None };
/// let set = b().hset().key("session:1").field_value_iter(s.to_fields()).build();
/// assert_eq!(
///     set.as_bytes(),
///     b"*8\r\n$4\r\nHSET\r\n$9\r\nsession:1\r\n$7\r\nuser-id\r\n$2\r\n42\r\n\
///       $4\r\nname\r\n$3\r\nann\r\n$5\r\nadmin\r\n$1\r\n0\r\n"
/// );
/// // The same pairs as a stream entry.
/// let add = b().xadd().key("sessions").auto_id().field_value_iter(s.to_fields());
/// # let _ = add;
/// ```
pub trait ToFields {
    /// The pairs, in the order of the fields; the fields that are `None` are left out.
    fn to_fields(&self) -> FieldPairs<'_>;
}

/// The field-value pairs of a [`ToFields`] value: an exact-size iterator of
/// `(name, value)`, what the builders' `field_value_iter` takes.
///
/// Holds the pairs in an array on the stack: the pairs of a struct of up to 16 fields are
/// given without allocating (more go in a vector).
pub struct FieldPairs<'a> {
    pairs: Pairs<'a>,
    next: usize,
    end: usize,
}

/// Up to 16 pairs inline, more in a vector.
#[allow(
    clippy::large_enum_variant,
    reason = "the pairs live for one builder call; boxing them is the allocation this avoids"
)]
enum Pairs<'a> {
    Inline([(&'static str, &'a dyn ToArg); INLINE]),
    Heap(Vec<(&'static str, &'a dyn ToArg)>),
}

/// How many pairs [`FieldPairs`] holds without allocating.
const INLINE: usize = 16;

/// The value of an unused inline slot.
const NOTHING: (&str, &dyn ToArg) = ("", &"");

impl<'a> FieldPairs<'a> {
    /// The pairs of `fields`, leaving out the `None`s: what `#[derive(ToFields)]` calls.
    ///
    /// ```
    /// use typedis::cmd::{FieldPairs, ToArg};
    ///
    /// let theme: Option<&str> = None;
    /// let pairs = FieldPairs::new([
    ///     ("name", Some(&"ann" as &dyn ToArg)),
    ///     ("theme", theme.as_ref().map(|t| t as &dyn ToArg)),
    /// ]);
    /// assert_eq!(pairs.len(), 1);
    /// ```
    pub fn new<const N: usize>(fields: [(&'static str, Option<&'a dyn ToArg>); N]) -> Self {
        let given = fields.iter().filter(|(_, v)| v.is_some()).count();
        let present = fields
            .into_iter()
            .filter_map(|(name, value)| value.map(|v| (name, v)));
        let pairs = if given <= INLINE {
            let mut inline = [NOTHING; INLINE];
            for (slot, pair) in inline.iter_mut().zip(present) {
                *slot = pair;
            }
            Pairs::Inline(inline)
        } else {
            Pairs::Heap(present.collect())
        };
        FieldPairs {
            pairs,
            next: 0,
            end: given,
        }
    }

    fn get(&self, i: usize) -> (&'static str, &'a dyn ToArg) {
        match &self.pairs {
            Pairs::Inline(pairs) => pairs[i],
            Pairs::Heap(pairs) => pairs[i],
        }
    }
}

impl<'a> Iterator for FieldPairs<'a> {
    type Item = (&'static str, &'a dyn ToArg);

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.end {
            return None;
        }
        let pair = self.get(self.next);
        self.next += 1;
        Some(pair)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for FieldPairs<'_> {}

impl std::fmt::Debug for FieldPairs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = (self.next..self.end).map(|i| self.get(i).0).collect();
        f.debug_struct("FieldPairs")
            .field("fields", &names)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(pairs: FieldPairs<'_>) -> Vec<String> {
        let c = crate::cmd::b()
            .hset()
            .key("h")
            .field_value_iter(pairs)
            .build();
        c.args()
            .map(|a| String::from_utf8(a.to_vec()).unwrap())
            .skip(2)
            .collect()
    }

    #[test]
    fn nones_are_left_out_and_the_rest_written_in_order() {
        let none: Option<u8> = None;
        let some: Option<u8> = Some(7);
        let pairs = FieldPairs::new([
            ("a", Some(&1 as &dyn ToArg)),
            ("b", none.as_ref().map(|v| v as &dyn ToArg)),
            ("c", some.as_ref().map(|v| v as &dyn ToArg)),
        ]);
        assert_eq!(pairs.len(), 2);
        assert_eq!(written(pairs), ["a", "1", "c", "7"]);
    }

    #[test]
    fn more_fields_than_fit_inline_are_all_written() {
        let values: Vec<u32> = (0..40).collect();
        let names: Vec<&'static str> = (0..40)
            .map(|i| &*Box::leak(format!("f{i}").into_boxed_str()))
            .collect();
        let fields: [(&'static str, Option<&dyn ToArg>); 40] =
            std::array::from_fn(|i| (names[i], Some(&values[i] as &dyn ToArg)));
        let pairs = FieldPairs::new(fields);
        assert_eq!(pairs.len(), 40);
        let args = written(pairs);
        assert_eq!(args.len(), 80);
        assert_eq!(&args[78..], ["f39", "39"]);
    }
}
