from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchBodyOperationsItemType4Price")


@_attrs_define
class BatchBodyOperationsItemType4Price:
    """At least one of gems and usd

    Attributes:
        gems (int | None | Unset): Asking price in whole gems (1 to 10000000); null: none
        usd (float | None | Unset): Asking price in USD, at most two decimals (0.01 to 10000000); null: none
    """

    gems: int | None | Unset = UNSET
    usd: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        gems: int | None | Unset
        if isinstance(self.gems, Unset):
            gems = UNSET
        else:
            gems = self.gems

        usd: float | None | Unset
        if isinstance(self.usd, Unset):
            usd = UNSET
        else:
            usd = self.usd

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if gems is not UNSET:
            field_dict["gems"] = gems
        if usd is not UNSET:
            field_dict["usd"] = usd

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_gems(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gems = _parse_gems(d.pop("gems", UNSET))

        def _parse_usd(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        usd = _parse_usd(d.pop("usd", UNSET))

        batch_body_operations_item_type_4_price = cls(
            gems=gems,
            usd=usd,
        )

        return batch_body_operations_item_type_4_price
