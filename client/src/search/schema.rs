//! [`Field`]: the fields of an index's schema, one builder per kind of field.

use super::Vector;
use crate::cmd::Cmd;

/// One field of an index's schema (`FT.CREATE ... SCHEMA`, `FT.ALTER ... SCHEMA ADD`):
/// made with [`Field::text`], [`Field::tag`], [`Field::numeric`], [`Field::geo`],
/// [`Field::geoshape`] or [`Field::vector`], whose builders offer the options of that
/// kind of field only.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    words: Vec<String>,
    /// The word written from a NaN float (`WEIGHT`, `EPSILON`), which RediSearch would
    /// take as it is: the command is refused instead.
    nan: Option<usize>,
}

impl Field {
    /// A full-text field: the attribute (`title`, or a JSONPath `$.title` for an index
    /// `ON JSON`).
    pub fn text(attribute: impl Into<String>) -> TextField {
        TextField(Common::new(attribute, "TEXT"), TextOptions::default())
    }

    /// A tag field: exact-match values, split on a separator (`,` unless set).
    pub fn tag(attribute: impl Into<String>) -> TagField {
        TagField(Common::new(attribute, "TAG"), TagOptions::default())
    }

    /// A numeric field: range queries and sorting.
    pub fn numeric(attribute: impl Into<String>) -> NumericField {
        NumericField(Common::new(attribute, "NUMERIC"))
    }

    /// A geo field: `longitude,latitude` points, searched by radius.
    pub fn geo(attribute: impl Into<String>) -> GeoField {
        GeoField(Common::new(attribute, "GEO"))
    }

    /// A geoshape field: polygons and points in WKT, in spherical (the default) or flat
    /// coordinates.
    pub fn geoshape(attribute: impl Into<String>) -> GeoShapeField {
        GeoShapeField(Common::new(attribute, "GEOSHAPE"), None)
    }

    /// A vector field, searched by KNN or range (`*=>[KNN 10 @v $blob]`), indexed as
    /// `index` says ([`Vector::flat`] or [`Vector::hnsw`]).
    pub fn vector(attribute: impl Into<String>, index: impl Into<Vector>) -> VectorField {
        VectorField(Common::new(attribute, "VECTOR"), index.into())
    }

    /// Writes the field's words (what the builders call).
    pub fn write_args(&self, c: &mut Cmd) {
        for (i, word) in self.words.iter().enumerate() {
            if self.nan == Some(i) {
                // Refused by the float's own writer, where the word would be.
                c.push(&f64::NAN);
            } else {
                c.push(word.as_str());
            }
        }
    }
}

/// What every kind of field has: its attribute, alias and the flags after its options.
#[derive(Debug, Clone, PartialEq, Default)]
struct Common {
    attribute: String,
    alias: Option<String>,
    kind: &'static str,
    sortable: bool,
    unf: bool,
    noindex: bool,
    indexmissing: bool,
}

impl Common {
    fn new(attribute: impl Into<String>, kind: &'static str) -> Common {
        Common {
            attribute: attribute.into(),
            kind,
            ..Common::default()
        }
    }

    /// `attribute [AS alias] KIND`, then `options` (of which the word at `nan`, if any,
    /// was written from a NaN float), then the common flags in the order RediSearch parses
    /// them.
    fn field(&self, options: Vec<String>, nan: Option<usize>) -> Field {
        let mut words = vec![self.attribute.clone()];
        if let Some(alias) = &self.alias {
            words.extend(["AS".to_owned(), alias.clone()]);
        }
        words.push(self.kind.to_owned());
        let nan = nan.map(|i| words.len() + i);
        words.extend(options);
        if self.indexmissing {
            words.push("INDEXMISSING".to_owned());
        }
        if self.sortable {
            words.push("SORTABLE".to_owned());
            if self.unf {
                words.push("UNF".to_owned());
            }
        }
        if self.noindex {
            words.push("NOINDEX".to_owned());
        }
        Field { words, nan }
    }
}

/// The methods every kind of field has.
macro_rules! common_methods {
    ($ty:ident $(, $sortable:ident)?) => {
        impl $ty {
            /// Names the field `alias` in queries (`AS alias`), for a JSONPath attribute
            /// or a shorter name.
            pub fn alias(mut self, alias: impl Into<String>) -> Self {
                self.0.alias = Some(alias.into());
                self
            }

            /// Indexes the documents that lack the field, for `ismissing(@field)`
            /// queries (`INDEXMISSING`).
            pub fn index_missing(mut self) -> Self {
                self.0.indexmissing = true;
                self
            }

            $(
                /// Keeps the field sortable (`SORTABLE`), for `SORTBY` and fast loading.
                pub fn $sortable(mut self) -> Self {
                    self.0.sortable = true;
                    self
                }

                /// Sortable, by the value as it is rather than normalized (`SORTABLE
                /// UNF`: no lowercasing of text).
                pub fn sortable_unf(mut self) -> Self {
                    self.0.sortable = true;
                    self.0.unf = true;
                    self
                }

                /// Not indexed, only sortable (`NOINDEX`; with [`sortable`](Self::sortable)).
                pub fn no_index(mut self) -> Self {
                    self.0.noindex = true;
                    self
                }
            )?
        }
    };
}

/// A full-text field of a schema ([`Field::text`]).
#[derive(Debug, Clone, PartialEq)]
pub struct TextField(Common, TextOptions);

#[derive(Debug, Clone, PartialEq, Default)]
struct TextOptions {
    nostem: bool,
    weight: Option<f64>,
    phonetic: Option<String>,
    withsuffixtrie: bool,
    indexempty: bool,
}

common_methods!(TextField, sortable);

impl TextField {
    /// No stemming: `running` matches only `running` (`NOSTEM`).
    pub fn no_stem(mut self) -> Self {
        self.1.nostem = true;
        self
    }

    /// How much a match in this field counts in a document's score (`WEIGHT`, 1 unless
    /// set).
    pub fn weight(mut self, weight: f64) -> Self {
        self.1.weight = Some(weight);
        self
    }

    /// Phonetic matching with `matcher` (`PHONETIC dm:en`: double metaphone, English).
    pub fn phonetic(mut self, matcher: impl Into<String>) -> Self {
        self.1.phonetic = Some(matcher.into());
        self
    }

    /// A suffix trie, for fast `*suffix` and `*infix*` queries (`WITHSUFFIXTRIE`).
    pub fn with_suffix_trie(mut self) -> Self {
        self.1.withsuffixtrie = true;
        self
    }

    /// Indexes empty strings, for `@field:""` queries (`INDEXEMPTY`).
    pub fn index_empty(mut self) -> Self {
        self.1.indexempty = true;
        self
    }
}

impl From<TextField> for Field {
    fn from(f: TextField) -> Field {
        let o = &f.1;
        let mut words = Vec::new();
        if o.nostem {
            words.push("NOSTEM".to_owned());
        }
        let mut nan = None;
        if let Some(w) = o.weight {
            nan = w.is_nan().then_some(words.len() + 1);
            words.extend(["WEIGHT".to_owned(), w.to_string()]);
        }
        if let Some(p) = &o.phonetic {
            words.extend(["PHONETIC".to_owned(), p.clone()]);
        }
        if o.withsuffixtrie {
            words.push("WITHSUFFIXTRIE".to_owned());
        }
        if o.indexempty {
            words.push("INDEXEMPTY".to_owned());
        }
        f.0.field(words, nan)
    }
}

/// A tag field of a schema ([`Field::tag`]).
#[derive(Debug, Clone, PartialEq)]
pub struct TagField(Common, TagOptions);

#[derive(Debug, Clone, PartialEq, Default)]
struct TagOptions {
    separator: Option<char>,
    casesensitive: bool,
    withsuffixtrie: bool,
    indexempty: bool,
}

common_methods!(TagField, sortable);

impl TagField {
    /// The character that splits a value into tags (`SEPARATOR`, `,` unless set).
    pub fn separator(mut self, separator: char) -> Self {
        self.1.separator = Some(separator);
        self
    }

    /// Tags match with their case (`CASESENSITIVE`).
    pub fn case_sensitive(mut self) -> Self {
        self.1.casesensitive = true;
        self
    }

    /// A suffix trie, for fast `*suffix` tag queries (`WITHSUFFIXTRIE`).
    pub fn with_suffix_trie(mut self) -> Self {
        self.1.withsuffixtrie = true;
        self
    }

    /// Indexes empty values, for `@field:{""}` queries (`INDEXEMPTY`).
    pub fn index_empty(mut self) -> Self {
        self.1.indexempty = true;
        self
    }
}

impl From<TagField> for Field {
    fn from(f: TagField) -> Field {
        let o = &f.1;
        let mut words = Vec::new();
        if let Some(s) = o.separator {
            words.extend(["SEPARATOR".to_owned(), s.to_string()]);
        }
        if o.casesensitive {
            words.push("CASESENSITIVE".to_owned());
        }
        if o.withsuffixtrie {
            words.push("WITHSUFFIXTRIE".to_owned());
        }
        if o.indexempty {
            words.push("INDEXEMPTY".to_owned());
        }
        f.0.field(words, None)
    }
}

/// A numeric field of a schema ([`Field::numeric`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NumericField(Common);

common_methods!(NumericField, sortable);

impl From<NumericField> for Field {
    fn from(f: NumericField) -> Field {
        f.0.field(Vec::new(), None)
    }
}

/// A geo field of a schema ([`Field::geo`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GeoField(Common);

common_methods!(GeoField, sortable);

impl From<GeoField> for Field {
    fn from(f: GeoField) -> Field {
        f.0.field(Vec::new(), None)
    }
}

/// A geoshape field of a schema ([`Field::geoshape`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GeoShapeField(Common, Option<&'static str>);

common_methods!(GeoShapeField);

impl GeoShapeField {
    /// Flat (Cartesian) coordinates instead of spherical ones (`FLAT`).
    pub fn flat(mut self) -> Self {
        self.1 = Some("FLAT");
        self
    }

    /// Spherical coordinates, longitude and latitude (`SPHERICAL`, the default).
    pub fn spherical(mut self) -> Self {
        self.1 = Some("SPHERICAL");
        self
    }
}

impl From<GeoShapeField> for Field {
    fn from(f: GeoShapeField) -> Field {
        f.0.field(f.1.iter().map(|s| (*s).to_owned()).collect(), None)
    }
}

/// A vector field of a schema ([`Field::vector`]).
#[derive(Debug, Clone, PartialEq)]
pub struct VectorField(Common, Vector);

common_methods!(VectorField);

impl From<VectorField> for Field {
    fn from(f: VectorField) -> Field {
        let (words, nan) = f.1.words();
        f.0.field(words, nan)
    }
}
