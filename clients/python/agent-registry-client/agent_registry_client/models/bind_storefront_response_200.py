from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bind_storefront_response_200_status import BindStorefrontResponse200Status

T = TypeVar("T", bound="BindStorefrontResponse200")


@_attrs_define
class BindStorefrontResponse200:
    """
    Attributes:
        status (BindStorefrontResponse200Status):
        domain (str):
        updated_fields (list[str]): The fields this request changed, sorted; [] when it changed nothing
        updated_at (None | str): When this request changed them; null when it changed nothing
        is_bound (bool):
        storefront_id (None | str):
    """

    status: BindStorefrontResponse200Status
    domain: str
    updated_fields: list[str]
    updated_at: None | str
    is_bound: bool
    storefront_id: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        updated_fields = self.updated_fields

        updated_at: None | str
        updated_at = self.updated_at

        is_bound = self.is_bound

        storefront_id: None | str
        storefront_id = self.storefront_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "updated_fields": updated_fields,
                "updated_at": updated_at,
                "is_bound": is_bound,
                "storefront_id": storefront_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = BindStorefrontResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        updated_fields = cast(list[str], d.pop("updated_fields"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        is_bound = d.pop("is_bound")

        def _parse_storefront_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        storefront_id = _parse_storefront_id(d.pop("storefront_id"))

        bind_storefront_response_200 = cls(
            status=status,
            domain=domain,
            updated_fields=updated_fields,
            updated_at=updated_at,
            is_bound=is_bound,
            storefront_id=storefront_id,
        )

        return bind_storefront_response_200
