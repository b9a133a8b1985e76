//! [`Vector`]: how a vector field is indexed, one builder per algorithm.

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

    /// The index's words, and which of them was written from a NaN float (its
    /// attributes' values are numbers or the crate's own words, so only a NaN writes
    /// `NaN`).
    pub(super) fn words(&self) -> (Vec<String>, Option<usize>) {
        let mut words = vec![
            self.algorithm.to_owned(),
            (self.attributes.len() * 2).to_string(),
        ];
        let mut nan = None;
        for (name, value) in &self.attributes {
            if value == "NaN" {
                nan.get_or_insert(words.len() + 1);
            }
            words.extend([(*name).to_owned(), value.clone()]);
        }
        (words, nan)
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
