//! [`Step`]: the steps of `FT.AGGREGATE`'s pipeline, with [`GroupBy`]'s [`Reducer`]s
//! and [`SortBy`]'s [`Order`].

use super::push_all;
use crate::cmd::Cmd;

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
