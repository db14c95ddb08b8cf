from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetManagedDomainResponse200Domain")


@_attrs_define
class GetManagedDomainResponse200Domain:
    """
    Attributes:
        id (int):
        name (str):
        tld (str):
        status (str):
        owner_id (str):
        expiry_date (str):
        registration_date (str):
        squad_id (None | str):
        storefront_id (None | str):
    """

    id: int
    name: str
    tld: str
    status: str
    owner_id: str
    expiry_date: str
    registration_date: str
    squad_id: None | str
    storefront_id: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        tld = self.tld

        status = self.status

        owner_id = self.owner_id

        expiry_date = self.expiry_date

        registration_date = self.registration_date

        squad_id: None | str
        squad_id = self.squad_id

        storefront_id: None | str
        storefront_id = self.storefront_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "tld": tld,
                "status": status,
                "owner_id": owner_id,
                "expiry_date": expiry_date,
                "registration_date": registration_date,
                "squad_id": squad_id,
                "storefront_id": storefront_id,
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

        registration_date = d.pop("registration_date")

        def _parse_squad_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        squad_id = _parse_squad_id(d.pop("squad_id"))

        def _parse_storefront_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        storefront_id = _parse_storefront_id(d.pop("storefront_id"))

        get_managed_domain_response_200_domain = cls(
            id=id,
            name=name,
            tld=tld,
            status=status,
            owner_id=owner_id,
            expiry_date=expiry_date,
            registration_date=registration_date,
            squad_id=squad_id,
            storefront_id=storefront_id,
        )

        return get_managed_domain_response_200_domain
