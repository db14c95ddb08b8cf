from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_key_body_key_class import CreateKeyBodyKeyClass
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateKeyBody")


@_attrs_define
class CreateKeyBody:
    """
    Attributes:
        key_class (CreateKeyBodyKeyClass):
        name (str | Unset):
    """

    key_class: CreateKeyBodyKeyClass
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        key_class = self.key_class.value

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key_class": key_class,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_class = CreateKeyBodyKeyClass(d.pop("key_class"))

        name = d.pop("name", UNSET)

        create_key_body = cls(
            key_class=key_class,
            name=name,
        )

        return create_key_body
