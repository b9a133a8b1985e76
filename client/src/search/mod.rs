//! Typed values for the RediSearch arguments a builder takes whole (feature `search`):
//! [`Field`] of `FT.CREATE`/`FT.ALTER`'s schema, [`Step`] of `FT.AGGREGATE`'s pipeline
//! with its [`Reducer`]s, and [`Return`] of `FT.SEARCH`'s `RETURN`. Each writes its own
//! words and counts (`VECTOR HNSW 6 ...`, `GROUPBY 1 @tag REDUCE COUNT 0 AS n`), so what
//! compiles is what RediSearch parses.
//!
//! ```
//! use typedis::b;
//! use typedis::search::{Distance, Field, Order, Reducer, Step, Vector, VectorType};
//!
//! let create = b()
//!     .ft_create()
//!     .index("products")
//!     .on_json()
//!     .prefix(["product:"])
//!     .schema()
//!     .field(Field::text("$.title").alias("title").weight(2.0))
//!     .field(Field::numeric("$.price").alias("price").sortable())
//!     .field(Field::tag("$.tags[*]").alias("tags"))
//!     .field(Field::vector("$.embedding", Vector::hnsw(VectorType::Float32, 4, Distance::Cosine)).alias("embedding"));
//! let bytes = create.build();
//! assert!(bytes.args().any(|a| a == b"HNSW"));
//!
//! let by_tag = b()
//!     .ft_aggregate()
//!     .index("products")
//!     .query("*")
//!     .step(Step::group_by(["@tags"]).reduce(Reducer::count().alias("n")))
//!     .step(Step::sort_by([("@n", Order::Desc)]).max(10));
//! let command = by_tag.build();
//! let words: Vec<&[u8]> = command.args().collect();
//! assert!(words.windows(3).any(|w| w == [&b"GROUPBY"[..], b"1", b"@tags"]));
//! ```
//!
//! # Layout
//!
//! - `schema`: [`Field`] and the builder of each kind of field.
//! - `vector`: [`Vector`], a vector field's algorithm and its tuning.
//! - `aggregate`: [`Step`], its [`Reducer`]s and [`Order`].
//! - this file: [`Return`], and the writer of their words into a command.

mod aggregate;
mod schema;
mod vector;

pub use aggregate::{GroupBy, Order, Reducer, SortBy, Step};
pub use schema::{Field, GeoField, GeoShapeField, NumericField, TagField, TextField, VectorField};
pub use vector::{Distance, FlatVector, HnswVector, Vector, VectorType};

use crate::cmd::Cmd;

/// Writes `words` into `c`.
fn push_all(c: &mut Cmd, words: &[String]) {
    for w in words {
        c.push(w.as_str());
    }
}

/// The fields `FT.SEARCH` returns of each document (`RETURN n a AS x b`), instead of all
/// of them: `Return::fields(["title", "price"])`, with aliases through
/// [`field_as`](Self::field_as); [`Return::none`] returns none (`RETURN 0`: ids only).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Return {
    words: Vec<String>,
}

impl Return {
    /// These fields (attributes, or JSONPaths for an index `ON JSON`).
    pub fn fields<S: Into<String>>(fields: impl IntoIterator<Item = S>) -> Return {
        Return {
            words: fields.into_iter().map(Into::into).collect(),
        }
    }

    /// No field: the documents' ids only.
    pub fn none() -> Return {
        Return::default()
    }

    /// One more field.
    pub fn field(mut self, field: impl Into<String>) -> Return {
        self.words.push(field.into());
        self
    }

    /// One more field, returned under another name (`$.title AS title`).
    pub fn field_as(mut self, field: impl Into<String>, name: impl Into<String>) -> Return {
        self.words
            .extend([field.into(), "AS".to_owned(), name.into()]);
        self
    }

    /// Writes the count of words, then the words (what the builders call).
    pub fn write_args(&self, c: &mut Cmd) {
        c.push(&self.words.len());
        push_all(c, &self.words);
    }
}

impl<S: Into<String>, const N: usize> From<[S; N]> for Return {
    fn from(fields: [S; N]) -> Return {
        Return::fields(fields)
    }
}

impl<S: Into<String>> From<Vec<S>> for Return {
    fn from(fields: Vec<S>) -> Return {
        Return::fields(fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    trait BuildWith {
        fn build_with(self, field: Field) -> crate::cmd::Command;
    }

    impl BuildWith for Cmd {
        fn build_with(mut self, field: Field) -> crate::cmd::Command {
            field.write_args(&mut self);
            self.build()
        }
    }

    fn words(write: impl Fn(&mut Cmd)) -> Vec<String> {
        let mut c = crate::cmd("X");
        write(&mut c);
        c.build()
            .args()
            .skip(1)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect()
    }

    #[test]
    fn fields_write_their_words_in_the_order_redisearch_parses() {
        let f: Field = Field::text("$.title")
            .sortable()
            .alias("title")
            .weight(2.0)
            .no_stem()
            .into();
        assert_eq!(
            words(|c| f.write_args(c)),
            ["$.title", "AS", "title", "TEXT", "NOSTEM", "WEIGHT", "2", "SORTABLE"]
        );
        let t: Field = Field::tag("tags").separator('|').case_sensitive().into();
        assert_eq!(
            words(|c| t.write_args(c)),
            ["tags", "TAG", "SEPARATOR", "|", "CASESENSITIVE"]
        );
        let v: Field = Field::vector(
            "v",
            Vector::hnsw(VectorType::Float32, 4, Distance::Cosine)
                .m(8)
                .m(16),
        )
        .into();
        assert_eq!(
            words(|c| v.write_args(c)),
            [
                "v",
                "VECTOR",
                "HNSW",
                "8",
                "TYPE",
                "FLOAT32",
                "DIM",
                "4",
                "DISTANCE_METRIC",
                "COSINE",
                "M",
                "16"
            ]
        );
    }

    #[test]
    fn a_nan_weight_or_epsilon_refuses_the_command_redisearch_would_take() {
        let create = |field: Field| {
            crate::cmd("FT.CREATE")
                .arg("i")
                .arg("SCHEMA")
                .build_with(field)
        };
        let weight = create(Field::text("t").weight(f64::NAN).sortable().into());
        let invalid = weight.invalid_argument().expect("refused");
        // FT.CREATE i SCHEMA t TEXT WEIGHT <NaN>
        assert_eq!(invalid.index(), 6, "{invalid}");
        let hnsw = Vector::hnsw(VectorType::Float32, 2, Distance::L2).epsilon(f64::NAN);
        let epsilon = create(Field::vector("v", hnsw).into());
        // FT.CREATE i SCHEMA v VECTOR HNSW 8 TYPE FLOAT32 DIM 2 DISTANCE_METRIC L2 EPSILON <NaN>
        assert_eq!(epsilon.invalid_argument().expect("refused").index(), 14);
        let fine = create(Field::text("NaN").weight(f64::INFINITY).into());
        assert!(fine.invalid_argument().is_none());
    }

    #[test]
    fn steps_count_their_words() {
        let g: Step = Step::group_by(["@tag"])
            .reduce(Reducer::count().alias("n"))
            .reduce(Reducer::quantile("@price", 0.5))
            .into();
        assert_eq!(
            words(|c| g.write_args(c)),
            [
                "GROUPBY", "1", "@tag", "REDUCE", "COUNT", "0", "AS", "n", "REDUCE", "QUANTILE",
                "2", "@price", "0.5"
            ]
        );
        let s: Step = Step::sort_by([("@n", Order::Desc)]).max(3).into();
        assert_eq!(
            words(|c| s.write_args(c)),
            ["SORTBY", "2", "@n", "DESC", "MAX", "3"]
        );
        let l = Step::load_as([("$.a", "a"), ("$.b", "b")]);
        assert_eq!(
            words(|c| l.write_args(c)),
            ["LOAD", "6", "$.a", "AS", "a", "$.b", "AS", "b"]
        );
        let r = Return::fields(["a"]).field_as("$.b", "b");
        assert_eq!(words(|c| r.write_args(c)), ["4", "a", "$.b", "AS", "b"]);
        assert_eq!(words(|c| Return::none().write_args(c)), ["0"]);
    }
}
