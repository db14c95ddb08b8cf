from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_signing_keys_response_200_keys_item import GetSigningKeysResponse200KeysItem


T = TypeVar("T", bound="GetSigningKeysResponse200")


@_attrs_define
class GetSigningKeysResponse200:
    """The registry's public signing keys (RFC 7517)

    Attributes:
        keys (list[GetSigningKeysResponse200KeysItem]):
    """

    keys: list[GetSigningKeysResponse200KeysItem]

    def to_dict(self) -> dict[str, Any]:
        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_signing_keys_response_200_keys_item import GetSigningKeysResponse200KeysItem  # noqa: PLC0415

        d = dict(src_dict)
        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = GetSigningKeysResponse200KeysItem.from_dict(keys_item_data)

            keys.append(keys_item)

        get_signing_keys_response_200 = cls(
            keys=keys,
        )

        return get_signing_keys_response_200
