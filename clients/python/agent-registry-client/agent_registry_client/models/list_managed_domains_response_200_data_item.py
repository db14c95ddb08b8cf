from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_managed_domains_response_200_data_item_auto_renew import (
        ListManagedDomainsResponse200DataItemAutoRenew,
    )


T = TypeVar("T", bound="ListManagedDomainsResponse200DataItem")


@_attrs_define
class ListManagedDomainsResponse200DataItem:
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
        auto_renew (ListManagedDomainsResponse200DataItemAutoRenew):
        for_sale (bool): Listed on the market (GET /api/v1/domains/{domain_name}/shop-status)
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
    auto_renew: ListManagedDomainsResponse200DataItemAutoRenew
    for_sale: bool

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

        auto_renew = self.auto_renew.to_dict()

        for_sale = self.for_sale

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
                "auto_renew": auto_renew,
                "for_sale": for_sale,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_managed_domains_response_200_data_item_auto_renew import (
            ListManagedDomainsResponse200DataItemAutoRenew,  # noqa: PLC0415
        )

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

        auto_renew = ListManagedDomainsResponse200DataItemAutoRenew.from_dict(d.pop("auto_renew"))

        for_sale = d.pop("for_sale")

        list_managed_domains_response_200_data_item = cls(
            id=id,
            name=name,
            tld=tld,
            status=status,
            owner_id=owner_id,
            expiry_date=expiry_date,
            registration_date=registration_date,
            squad_id=squad_id,
            storefront_id=storefront_id,
            auto_renew=auto_renew,
            for_sale=for_sale,
        )

        return list_managed_domains_response_200_data_item
