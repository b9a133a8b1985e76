//! [`RespRead`] for tuples (arrays of exactly as many elements) and `[T; N]`.

use super::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

#[inline]
fn expect_len(r: &mut Reader<'_>, n: usize) -> Result<(), DecodeError> {
    let found = r.array_len()?;
    if found == n {
        Ok(())
    } else {
        Err(DecodeError::length(n, found))
    }
}

macro_rules! tuple {
    ($n:literal; $($t:ident $i:tt),+) => {
        impl<'de, $($t: RespRead<'de>),+> RespRead<'de> for ($($t,)+) {
            #[inline]
            fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                expect_len(r, $n)?;
                Ok(($($t::read(r).map_err(|e| e.at_index($i))?,)+))
            }
        }
    };
}

tuple!(1; A 0);
tuple!(3; A 0, B 1, C 2);
tuple!(4; A 0, B 1, C 2, D 3);
tuple!(5; A 0, B 1, C 2, D 3, E 4);
tuple!(6; A 0, B 1, C 2, D 3, E 4, F 5);
tuple!(7; A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple!(8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple!(9; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple!(10; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple!(11; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuple!(12; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

/// A pair reads a two-element array, or a key and a value of a flat key/value sequence
/// (see `Vec<(K, V)>`).
impl<'de, A: RespRead<'de>, B: RespRead<'de>> RespRead<'de> for (A, B) {
    const PAIR: bool = true;

    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        expect_len(r, 2)?;
        Self::read_flat_pair(r)
    }

    #[inline]
    fn read_flat_pair(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let a = A::read(r).map_err(|e| e.at_index(0))?;
        let b = B::read(r).map_err(|e| e.at_index(1))?;
        Ok((a, b))
    }
}

impl<'de, T: RespRead<'de>, const N: usize> RespRead<'de> for [T; N] {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        expect_len(r, N)?;
        let mut error = None;
        let items: [Option<T>; N] = std::array::from_fn(|i| {
            if error.is_some() {
                return None;
            }
            T::read(r).map_err(|e| error = Some(e.at_index(i))).ok()
        });
        if let Some(e) = error {
            return Err(e);
        }
        // Every element is Some: the first failure stops the reads above and returns.
        Ok(items.map(|item| item.expect("every element was read")))
    }
}
