from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetDnsRecordsResponse200AgentRecordsItem")


@_attrs_define
class GetDnsRecordsResponse200AgentRecordsItem:
    """
    Attributes:
        type_ (str):
        name (str):
        content (str):
        ttl (int):
    """

    type_: str
    name: str
    content: str
    ttl: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        content = self.content

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

        content = d.pop("content")

        ttl = d.pop("ttl")

        get_dns_records_response_200_agent_records_item = cls(
            type_=type_,
            name=name,
            content=content,
            ttl=ttl,
        )

        return get_dns_records_response_200_agent_records_item
