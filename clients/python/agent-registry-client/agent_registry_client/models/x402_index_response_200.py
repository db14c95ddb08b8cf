from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.x402_index_response_200_version import X402IndexResponse200Version

T = TypeVar("T", bound="X402IndexResponse200")


@_attrs_define
class X402IndexResponse200:
    """
    Attributes:
        version (X402IndexResponse200Version):
        resources (list[str]):
    """

    version: X402IndexResponse200Version
    resources: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version.value

        resources = self.resources

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "resources": resources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = X402IndexResponse200Version(d.pop("version"))

        resources = cast(list[str], d.pop("resources"))

        x402_index_response_200 = cls(
            version=version,
            resources=resources,
        )

        x402_index_response_200.additional_properties = d
        return x402_index_response_200

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
