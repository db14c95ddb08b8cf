from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BindStorefrontBody")


@_attrs_define
class BindStorefrontBody:
    """
    Attributes:
        provider (str): The commerce provider, e.g. "shopify"
        storefront_id (str): The storefront's id at its provider
        feed_url (str): The catalog feed (https only)
    """

    provider: str
    storefront_id: str
    feed_url: str

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        storefront_id = self.storefront_id

        feed_url = self.feed_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider": provider,
                "storefront_id": storefront_id,
                "feed_url": feed_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        storefront_id = d.pop("storefront_id")

        feed_url = d.pop("feed_url")

        bind_storefront_body = cls(
            provider=provider,
            storefront_id=storefront_id,
            feed_url=feed_url,
        )

        return bind_storefront_body
