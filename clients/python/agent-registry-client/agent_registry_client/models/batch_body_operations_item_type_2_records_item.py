from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchBodyOperationsItemType2RecordsItem")


@_attrs_define
class BatchBodyOperationsItemType2RecordsItem:
    """
    Attributes:
        type_ (str): One of A, AAAA, CNAME, TXT, MX, SRV, CAA
        name (str): Relative to the domain ("www", "@" or "" for the apex) or absolute within it ("www.scout.agent")
        content (None | str | Unset): In the usual zone-file form: "192.0.2.10", "10 mail.example.com", "0 issue
            \\"letsencrypt.org\\""
        ttl (int | Unset): Seconds, 60–86400; default 3600
        delete (bool | Unset): true: remove the rrset (name and type); content is then not needed
    """

    type_: str
    name: str
    content: None | str | Unset = UNSET
    ttl: int | Unset = UNSET
    delete: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        ttl = self.ttl

        delete = self.delete

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if ttl is not UNSET:
            field_dict["ttl"] = ttl
        if delete is not UNSET:
            field_dict["delete"] = delete

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        name = d.pop("name")

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        ttl = d.pop("ttl", UNSET)

        delete = d.pop("delete", UNSET)

        batch_body_operations_item_type_2_records_item = cls(
            type_=type_,
            name=name,
            content=content,
            ttl=ttl,
            delete=delete,
        )

        batch_body_operations_item_type_2_records_item.additional_properties = d
        return batch_body_operations_item_type_2_records_item

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
