from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RdapError")


@_attrs_define
class RdapError:
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

    def to_dict(self) -> dict[str, Any]:
        error_code = self.error_code

        title = self.title

        description = self.description

        rdap_conformance = self.rdap_conformance

        field_dict: dict[str, Any] = {}

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

        rdap_error = cls(
            error_code=error_code,
            title=title,
            description=description,
            rdap_conformance=rdap_conformance,
        )

        return rdap_error
