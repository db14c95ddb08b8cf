from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PatchDnsRecordsResponse200DetailsItemRecord")


@_attrs_define
class PatchDnsRecordsResponse200DetailsItemRecord:
    """
    Attributes:
        type_ (str):
        name (str):
        content (None | str):
        ttl (int | None):
    """

    type_: str
    name: str
    content: None | str
    ttl: int | None

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        content: None | str
        content = self.content

        ttl: int | None
        ttl = self.ttl

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "content": content,
                "ttl": ttl,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        name = d.pop("name")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        def _parse_ttl(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ttl = _parse_ttl(d.pop("ttl"))

        patch_dns_records_response_200_details_item_record = cls(
            type_=type_,
            name=name,
            content=content,
            ttl=ttl,
        )

        return patch_dns_records_response_200_details_item_record
