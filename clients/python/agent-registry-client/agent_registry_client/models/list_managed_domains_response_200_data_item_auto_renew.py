from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListManagedDomainsResponse200DataItemAutoRenew")


@_attrs_define
class ListManagedDomainsResponse200DataItemAutoRenew:
    """
    Attributes:
        enabled (bool):
        max_gems (int | None): The most a one-year renewal may cost; null when off
    """

    enabled: bool
    max_gems: int | None

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        max_gems: int | None
        max_gems = self.max_gems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
                "max_gems": max_gems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        def _parse_max_gems(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_gems = _parse_max_gems(d.pop("max_gems"))

        list_managed_domains_response_200_data_item_auto_renew = cls(
            enabled=enabled,
            max_gems=max_gems,
        )

        return list_managed_domains_response_200_data_item_auto_renew
