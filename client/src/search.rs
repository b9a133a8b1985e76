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

use crate::cmd::Cmd;

/// Writes `words` into `c`.
fn push_all(c: &mut Cmd, words: &[String]) {
    for w in words {
        c.push(w.as_str());
    }
}

/// One field of an index's schema (`FT.CREATE ... SCHEMA`, `FT.ALTER ... SCHEMA ADD`):
/// made with [`Field::text`], [`Field::tag`], [`Field::numeric`], [`Field::geo`],
/// [`Field::geoshape`] or [`Field::vector`], whose builders offer the options of that
/// kind of field only.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    words: Vec<String>,
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
        push_all(c, &self.words);
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

    /// `attribute [AS alias] KIND`, then `options`, then the common flags in the order
    /// RediSearch parses them.
    fn field(&self, options: Vec<String>) -> Field {
        let mut words = vec![self.attribute.clone()];
        if let Some(alias) = &self.alias {
            words.extend(["AS".to_owned(), alias.clone()]);
        }
        words.push(self.kind.to_owned());
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
        Field { words }
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
        if let Some(w) = o.weight {
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
        f.0.field(words)
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
        f.0.field(words)
    }
}

/// A numeric field of a schema ([`Field::numeric`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NumericField(Common);

common_methods!(NumericField, sortable);

impl From<NumericField> for Field {
    fn from(f: NumericField) -> Field {
        f.0.field(Vec::new())
    }
}

/// A geo field of a schema ([`Field::geo`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GeoField(Common);

common_methods!(GeoField, sortable);

impl From<GeoField> for Field {
    fn from(f: GeoField) -> Field {
        f.0.field(Vec::new())
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
        f.0.field(f.1.iter().map(|s| (*s).to_owned()).collect())
    }
}

/// A vector field of a schema ([`Field::vector`]).
#[derive(Debug, Clone, PartialEq)]
pub struct VectorField(Common, Vector);

common_methods!(VectorField);

impl From<VectorField> for Field {
    fn from(f: VectorField) -> Field {
        f.0.field(f.1.words())
    }
}

/// How a vector field is indexed: its algorithm, element type, dimension and distance,
/// and the algorithm's tuning ([`FlatVector`], [`HnswVector`], each with the options of
/// its algorithm only). The attribute count RediSearch wants is written from the
/// attributes given.
#[derive(Debug, Clone, PartialEq)]
pub struct Vector {
    algorithm: &'static str,
    attributes: Vec<(&'static str, String)>,
}

/// The element type of a vector field's vectors (`TYPE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VectorType {
    /// 32-bit floats (`FLOAT32`): what `FP32` blobs hold.
    Float32,
    /// 64-bit floats (`FLOAT64`).
    Float64,
    /// IEEE half precision (`FLOAT16`).
    Float16,
    /// bfloat16 (`BFLOAT16`).
    BFloat16,
}

/// The distance of a vector field (`DISTANCE_METRIC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Distance {
    /// Euclidean (`L2`).
    L2,
    /// Inner product (`IP`).
    InnerProduct,
    /// Cosine distance (`COSINE`).
    Cosine,
}

impl Vector {
    /// Brute force (`FLAT`): exact, for up to about a million vectors.
    pub fn flat(ty: VectorType, dim: u32, distance: Distance) -> FlatVector {
        FlatVector(Vector::new("FLAT", ty, dim, distance))
    }

    /// A hierarchical navigable small world graph (`HNSW`): approximate, fast at scale.
    pub fn hnsw(ty: VectorType, dim: u32, distance: Distance) -> HnswVector {
        HnswVector(Vector::new("HNSW", ty, dim, distance))
    }

    fn new(algorithm: &'static str, ty: VectorType, dim: u32, distance: Distance) -> Vector {
        let ty = match ty {
            VectorType::Float32 => "FLOAT32",
            VectorType::Float64 => "FLOAT64",
            VectorType::Float16 => "FLOAT16",
            VectorType::BFloat16 => "BFLOAT16",
        };
        let distance = match distance {
            Distance::L2 => "L2",
            Distance::InnerProduct => "IP",
            Distance::Cosine => "COSINE",
        };
        Vector {
            algorithm,
            attributes: vec![
                ("TYPE", ty.to_owned()),
                ("DIM", dim.to_string()),
                ("DISTANCE_METRIC", distance.to_owned()),
            ],
        }
    }

    fn with(mut self, name: &'static str, value: impl ToString) -> Vector {
        self.attributes.retain(|(n, _)| *n != name);
        self.attributes.push((name, value.to_string()));
        self
    }

    fn words(&self) -> Vec<String> {
        let mut words = vec![
            self.algorithm.to_owned(),
            (self.attributes.len() * 2).to_string(),
        ];
        for (name, value) in &self.attributes {
            words.extend([(*name).to_owned(), value.clone()]);
        }
        words
    }
}

/// A vector field indexed by brute force ([`Vector::flat`]).
#[derive(Debug, Clone, PartialEq)]
pub struct FlatVector(Vector);

impl FlatVector {
    /// Room for this many vectors from the start (`INITIAL_CAP`).
    pub fn initial_capacity(self, vectors: u64) -> Self {
        FlatVector(self.0.with("INITIAL_CAP", vectors))
    }

    /// Vectors per block of memory (`BLOCK_SIZE`).
    pub fn block_size(self, vectors: u64) -> Self {
        FlatVector(self.0.with("BLOCK_SIZE", vectors))
    }
}

impl From<FlatVector> for Vector {
    fn from(v: FlatVector) -> Vector {
        v.0
    }
}

/// A vector field indexed by an HNSW graph ([`Vector::hnsw`]).
#[derive(Debug, Clone, PartialEq)]
pub struct HnswVector(Vector);

impl HnswVector {
    /// Room for this many vectors from the start (`INITIAL_CAP`).
    pub fn initial_capacity(self, vectors: u64) -> Self {
        HnswVector(self.0.with("INITIAL_CAP", vectors))
    }

    /// Edges per node and layer (`M`, 16 unless set).
    pub fn m(self, edges: u32) -> Self {
        HnswVector(self.0.with("M", edges))
    }

    /// Candidates kept while building the graph (`EF_CONSTRUCTION`).
    pub fn ef_construction(self, candidates: u32) -> Self {
        HnswVector(self.0.with("EF_CONSTRUCTION", candidates))
    }

    /// Candidates kept while searching (`EF_RUNTIME`).
    pub fn ef_runtime(self, candidates: u32) -> Self {
        HnswVector(self.0.with("EF_RUNTIME", candidates))
    }

    /// The relative margin of range queries (`EPSILON`).
    pub fn epsilon(self, epsilon: f64) -> Self {
        HnswVector(self.0.with("EPSILON", epsilon))
    }
}

impl From<HnswVector> for Vector {
    fn from(v: HnswVector) -> Vector {
        v.0
    }
}

/// A sort order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// Ascending (`ASC`).
    #[default]
    Asc,
    /// Descending (`DESC`).
    Desc,
}

impl Order {
    fn word(self) -> &'static str {
        match self {
            Order::Asc => "ASC",
            Order::Desc => "DESC",
        }
    }
}

/// One step of `FT.AGGREGATE`'s pipeline, run in the order given: load fields, group
/// and reduce, sort, compute, filter, page.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    words: Vec<String>,
}

impl Step {
    /// Loads these fields from the documents (`LOAD n @a @b`): `@name`, or a JSONPath.
    pub fn load<S: Into<String>>(fields: impl IntoIterator<Item = S>) -> Step {
        let fields: Vec<String> = fields.into_iter().map(Into::into).collect();
        let mut words = vec!["LOAD".to_owned(), fields.len().to_string()];
        words.extend(fields);
        Step { words }
    }

    /// Loads fields under other names (`LOAD n $.a AS a ...`; the count is of words).
    pub fn load_as<S: Into<String>, A: Into<String>>(
        fields: impl IntoIterator<Item = (S, A)>,
    ) -> Step {
        let mut words = vec!["LOAD".to_owned(), String::new()];
        for (field, alias) in fields {
            words.extend([field.into(), "AS".to_owned(), alias.into()]);
        }
        words[1] = (words.len() - 2).to_string();
        Step { words }
    }

    /// Loads every field of the documents (`LOAD *`).
    pub fn load_all() -> Step {
        Step {
            words: vec!["LOAD".to_owned(), "*".to_owned()],
        }
    }

    /// Groups the rows by these properties (`GROUPBY n @a @b`), then reduces each group
    /// with the reducers [`GroupBy::reduce`] adds.
    pub fn group_by<S: Into<String>>(properties: impl IntoIterator<Item = S>) -> GroupBy {
        GroupBy {
            properties: properties.into_iter().map(Into::into).collect(),
            reducers: Vec::new(),
        }
    }

    /// One group of every row (`GROUPBY 0`), for reducers over the whole result.
    pub fn group_all() -> GroupBy {
        GroupBy {
            properties: Vec::new(),
            reducers: Vec::new(),
        }
    }

    /// Sorts the rows by these properties and orders (`SORTBY n @a DESC @b ASC`).
    pub fn sort_by<S: Into<String>>(keys: impl IntoIterator<Item = (S, Order)>) -> SortBy {
        SortBy {
            keys: keys.into_iter().map(|(p, o)| (p.into(), o)).collect(),
            max: None,
        }
    }

    /// Adds a property computed by `expression` to each row (`APPLY expr AS name`).
    pub fn apply(expression: impl Into<String>, name: impl Into<String>) -> Step {
        Step {
            words: vec![
                "APPLY".to_owned(),
                expression.into(),
                "AS".to_owned(),
                name.into(),
            ],
        }
    }

    /// Keeps the rows for which `expression` holds (`FILTER "@n > 1"`).
    pub fn filter(expression: impl Into<String>) -> Step {
        Step {
            words: vec!["FILTER".to_owned(), expression.into()],
        }
    }

    /// Keeps `count` rows from `offset` (`LIMIT offset count`).
    pub fn limit(offset: u64, count: u64) -> Step {
        Step {
            words: vec!["LIMIT".to_owned(), offset.to_string(), count.to_string()],
        }
    }

    /// Writes the step's words (what the builders call).
    pub fn write_args(&self, c: &mut Cmd) {
        push_all(c, &self.words);
    }
}

/// A `GROUPBY` step and its reducers ([`Step::group_by`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupBy {
    properties: Vec<String>,
    reducers: Vec<Reducer>,
}

impl GroupBy {
    /// Adds a reducer: a property computed over each group (`REDUCE COUNT 0 AS n`).
    pub fn reduce(mut self, reducer: Reducer) -> GroupBy {
        self.reducers.push(reducer);
        self
    }
}

impl From<GroupBy> for Step {
    fn from(g: GroupBy) -> Step {
        let mut words = vec!["GROUPBY".to_owned(), g.properties.len().to_string()];
        words.extend(g.properties);
        for r in g.reducers {
            words.push("REDUCE".to_owned());
            words.push(r.function.to_owned());
            words.push(r.args.len().to_string());
            words.extend(r.args);
            if let Some(alias) = r.alias {
                words.extend(["AS".to_owned(), alias]);
            }
        }
        Step { words }
    }
}

/// A `SORTBY` step ([`Step::sort_by`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SortBy {
    keys: Vec<(String, Order)>,
    max: Option<u64>,
}

impl SortBy {
    /// Keeps only the first `max` rows of the order (`MAX`), which sorts faster.
    pub fn max(mut self, max: u64) -> SortBy {
        self.max = Some(max);
        self
    }
}

impl From<SortBy> for Step {
    fn from(s: SortBy) -> Step {
        let mut words = vec!["SORTBY".to_owned(), (s.keys.len() * 2).to_string()];
        for (property, order) in s.keys {
            words.extend([property, order.word().to_owned()]);
        }
        if let Some(max) = s.max {
            words.extend(["MAX".to_owned(), max.to_string()]);
        }
        Step { words }
    }
}

/// A reducer of a [`GroupBy`]: a function over each group's rows, named with
/// [`alias`](Self::alias) (else RediSearch names it, `__generated_aliascount`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reducer {
    function: &'static str,
    args: Vec<String>,
    alias: Option<String>,
}

impl Reducer {
    fn of(function: &'static str, args: Vec<String>) -> Reducer {
        Reducer {
            function,
            args,
            alias: None,
        }
    }

    /// The rows in the group (`COUNT`).
    pub fn count() -> Reducer {
        Reducer::of("COUNT", Vec::new())
    }

    /// The distinct values of `property` (`COUNT_DISTINCT`).
    pub fn count_distinct(property: impl Into<String>) -> Reducer {
        Reducer::of("COUNT_DISTINCT", vec![property.into()])
    }

    /// About the distinct values of `property`, faster (`COUNT_DISTINCTISH`).
    pub fn count_distinctish(property: impl Into<String>) -> Reducer {
        Reducer::of("COUNT_DISTINCTISH", vec![property.into()])
    }

    /// The sum of `property` (`SUM`).
    pub fn sum(property: impl Into<String>) -> Reducer {
        Reducer::of("SUM", vec![property.into()])
    }

    /// The smallest `property` (`MIN`).
    pub fn min(property: impl Into<String>) -> Reducer {
        Reducer::of("MIN", vec![property.into()])
    }

    /// The largest `property` (`MAX`).
    pub fn max(property: impl Into<String>) -> Reducer {
        Reducer::of("MAX", vec![property.into()])
    }

    /// The mean of `property` (`AVG`).
    pub fn avg(property: impl Into<String>) -> Reducer {
        Reducer::of("AVG", vec![property.into()])
    }

    /// The standard deviation of `property` (`STDDEV`).
    pub fn stddev(property: impl Into<String>) -> Reducer {
        Reducer::of("STDDEV", vec![property.into()])
    }

    /// The `quantile` (0 to 1) of `property` (`QUANTILE`).
    pub fn quantile(property: impl Into<String>, quantile: f64) -> Reducer {
        Reducer::of("QUANTILE", vec![property.into(), quantile.to_string()])
    }

    /// The distinct values of `property`, as a list (`TOLIST`).
    pub fn to_list(property: impl Into<String>) -> Reducer {
        Reducer::of("TOLIST", vec![property.into()])
    }

    /// `property` of the group's first row (`FIRST_VALUE`).
    pub fn first_value(property: impl Into<String>) -> Reducer {
        Reducer::of("FIRST_VALUE", vec![property.into()])
    }

    /// `property` of the group's first row by `by` in `order` (`FIRST_VALUE @p BY @q
    /// DESC`).
    pub fn first_value_by(
        property: impl Into<String>,
        by: impl Into<String>,
        order: Order,
    ) -> Reducer {
        Reducer::of(
            "FIRST_VALUE",
            vec![
                property.into(),
                "BY".to_owned(),
                by.into(),
                order.word().to_owned(),
            ],
        )
    }

    /// Up to `size` random values of `property` (`RANDOM_SAMPLE`).
    pub fn random_sample(property: impl Into<String>, size: u32) -> Reducer {
        Reducer::of("RANDOM_SAMPLE", vec![property.into(), size.to_string()])
    }

    /// Names the reducer's result (`AS name`).
    pub fn alias(mut self, name: impl Into<String>) -> Reducer {
        self.alias = Some(name.into());
        self
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
