//! A pass over a serde value that finds a float JSON cannot hold: `serde_json` writes a NaN
//! or infinite float as `null`, which would silently replace the value (`[1.0, NaN]`
//! stored as `[1.0,null]`).

use std::fmt;

use serde::ser::{self, Serialize};

/// Visits a value and fails at its first NaN or infinite float; writes nothing.
#[derive(Clone, Copy)]
pub(super) struct Finite;

/// The float found.
#[derive(Debug)]
pub(super) struct NotFinite(String);

impl fmt::Display for NotFinite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotFinite {}

impl ser::Error for NotFinite {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        NotFinite(msg.to_string())
    }
}

fn float(v: f64) -> Result<(), NotFinite> {
    if v.is_finite() {
        return Ok(());
    }
    Err(NotFinite(format!(
        "the value holds the float {v}, which JSON cannot hold (serde_json would write null)"
    )))
}

/// Serializer methods that accept their value and check nothing.
macro_rules! ignore {
    ($($method:ident($($ty:ty)?);)*) => {$(
        fn $method(self, $(_: $ty)?) -> Result<(), NotFinite> {
            Ok(())
        }
    )*};
}

impl ser::Serializer for Finite {
    type Ok = ();
    type Error = NotFinite;
    type SerializeSeq = Finite;
    type SerializeTuple = Finite;
    type SerializeTupleStruct = Finite;
    type SerializeTupleVariant = Finite;
    type SerializeMap = Finite;
    type SerializeStruct = Finite;
    type SerializeStructVariant = Finite;

    // Values that hold no float: nothing to check.
    ignore! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32);
        serialize_i64(i64); serialize_i128(i128); serialize_u8(u8); serialize_u16(u16);
        serialize_u32(u32); serialize_u64(u64); serialize_u128(u128); serialize_char(char);
        serialize_str(&str); serialize_bytes(&[u8]); serialize_none(); serialize_unit();
        serialize_unit_struct(&'static str);
    }
    fn serialize_f32(self, v: f32) -> Result<(), NotFinite> {
        float(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), NotFinite> {
        float(v)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), NotFinite> {
        value.serialize(self)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), NotFinite> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), NotFinite> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Finite, NotFinite> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Finite, NotFinite> {
        Ok(self)
    }
}

/// The compound parts of a value: each element, field, key and value is visited in turn.
macro_rules! visit_parts {
    ($($part:ident: fn $method:ident($($name:ty,)?);)*) => {$(
        impl ser::$part for Finite {
            type Ok = ();
            type Error = NotFinite;
            fn $method<T: ?Sized + Serialize>(
                &mut self,
                $(_: $name,)?
                value: &T,
            ) -> Result<(), NotFinite> {
                value.serialize(Finite)
            }
            fn end(self) -> Result<(), NotFinite> {
                Ok(())
            }
        }
    )*};
}

visit_parts! {
    SerializeSeq: fn serialize_element();
    SerializeTuple: fn serialize_element();
    SerializeTupleStruct: fn serialize_field();
    SerializeTupleVariant: fn serialize_field();
    SerializeStruct: fn serialize_field(&'static str,);
    SerializeStructVariant: fn serialize_field(&'static str,);
}

impl ser::SerializeMap for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), NotFinite> {
        key.serialize(Finite)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}
