from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_shop_status_response_200_status import GetShopStatusResponse200Status

T = TypeVar("T", bound="GetShopStatusResponse200")


@_attrs_define
class GetShopStatusResponse200:
    """
    Attributes:
        status (GetShopStatusResponse200Status):
        is_bound (bool):
        storefront_id (None | str):
    """

    status: GetShopStatusResponse200Status
    is_bound: bool
    storefront_id: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        is_bound = self.is_bound

        storefront_id: None | str
        storefront_id = self.storefront_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "is_bound": is_bound,
                "storefront_id": storefront_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = GetShopStatusResponse200Status(d.pop("status"))

        is_bound = d.pop("is_bound")

        def _parse_storefront_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        storefront_id = _parse_storefront_id(d.pop("storefront_id"))

        get_shop_status_response_200 = cls(
            status=status,
            is_bound=is_bound,
            storefront_id=storefront_id,
        )

        return get_shop_status_response_200
