from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListUserDomainsResponse200DataItem")


@_attrs_define
class ListUserDomainsResponse200DataItem:
    """
    Attributes:
        id (int):
        name (str):
        tld (str):
        status (str):
        owner_id (str):
        expiry_date (str):
    """

    id: int
    name: str
    tld: str
    status: str
    owner_id: str
    expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        tld = self.tld

        status = self.status

        owner_id = self.owner_id

        expiry_date = self.expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "tld": tld,
                "status": status,
                "owner_id": owner_id,
                "expiry_date": expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        tld = d.pop("tld")

        status = d.pop("status")

        owner_id = d.pop("owner_id")

        expiry_date = d.pop("expiry_date")

        list_user_domains_response_200_data_item = cls(
            id=id,
            name=name,
            tld=tld,
            status=status,
            owner_id=owner_id,
            expiry_date=expiry_date,
        )

        return list_user_domains_response_200_data_item
