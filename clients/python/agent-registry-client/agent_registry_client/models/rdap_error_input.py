from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RdapErrorInput")


@_attrs_define
class RdapErrorInput:
    """RdapError

    Attributes:
        error_code (int): The HTTP status
        title (str):
        description (list[str]):
        rdap_conformance (list[str]): rdapConformance: "rdap_level_0"
    """

    error_code: int
    title: str
    description: list[str]
    rdap_conformance: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error_code = self.error_code

        title = self.title

        description = self.description

        rdap_conformance = self.rdap_conformance

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "errorCode": error_code,
                "title": title,
                "description": description,
                "rdapConformance": rdap_conformance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        error_code = d.pop("errorCode")

        title = d.pop("title")

        description = cast(list[str], d.pop("description"))

        rdap_conformance = cast(list[str], d.pop("rdapConformance"))

        rdap_error_input = cls(
            error_code=error_code,
            title=title,
            description=description,
            rdap_conformance=rdap_conformance,
        )

        rdap_error_input.additional_properties = d
        return rdap_error_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
