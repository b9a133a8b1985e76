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

    fn serialize_bool(self, _: bool) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_i8(self, _: i8) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_i16(self, _: i16) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_i32(self, _: i32) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_i64(self, _: i64) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_i128(self, _: i128) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_u8(self, _: u8) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_u16(self, _: u16) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_u32(self, _: u32) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_u64(self, _: u64) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_u128(self, _: u128) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), NotFinite> {
        float(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), NotFinite> {
        float(v)
    }
    fn serialize_char(self, _: char) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_str(self, _: &str) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_none(self) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), NotFinite> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), NotFinite> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), NotFinite> {
        Ok(())
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

impl ser::SerializeSeq for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}

impl ser::SerializeTuple for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
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

impl ser::SerializeStruct for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Finite {
    type Ok = ();
    type Error = NotFinite;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), NotFinite> {
        value.serialize(Finite)
    }
    fn end(self) -> Result<(), NotFinite> {
        Ok(())
    }
}
