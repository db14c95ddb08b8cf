from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mandate_refusal_input_details_type_0_limit import MandateRefusalInputDetailsType0Limit
from ..models.mandate_refusal_input_details_type_0_unit import MandateRefusalInputDetailsType0Unit
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mandate_refusal_input_details_type_0_credited import MandateRefusalInputDetailsType0Credited


T = TypeVar("T", bound="MandateRefusalInputDetailsType0")


@_attrs_define
class MandateRefusalInputDetailsType0:
    """mandate_exceeded

    Attributes:
        limit (MandateRefusalInputDetailsType0Limit):
        unit (MandateRefusalInputDetailsType0Unit):
        max_ (int | str): In the limit’s unit: USD as a decimal string ("5.00"), gems as a whole number
        remaining (int | str): What is left of that limit now
        refills_at (None | str): When enough has rolled off for this purchase to fit; null: it never fits
        credited (MandateRefusalInputDetailsType0Credited | Unset): Only when money had already arrived (a purchase
            judged at activation): where it was credited back
    """

    limit: MandateRefusalInputDetailsType0Limit
    unit: MandateRefusalInputDetailsType0Unit
    max_: int | str
    remaining: int | str
    refills_at: None | str
    credited: MandateRefusalInputDetailsType0Credited | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit.value

        unit = self.unit.value

        max_: int | str
        max_ = self.max_

        remaining: int | str
        remaining = self.remaining

        refills_at: None | str
        refills_at = self.refills_at

        credited: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credited, Unset):
            credited = self.credited.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "limit": limit,
                "unit": unit,
                "max": max_,
                "remaining": remaining,
                "refills_at": refills_at,
            }
        )
        if credited is not UNSET:
            field_dict["credited"] = credited

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mandate_refusal_input_details_type_0_credited import MandateRefusalInputDetailsType0Credited  # noqa: PLC0415

        d = dict(src_dict)
        limit = MandateRefusalInputDetailsType0Limit(d.pop("limit"))

        unit = MandateRefusalInputDetailsType0Unit(d.pop("unit"))

        def _parse_max_(data: object) -> int | str:
            return cast(int | str, data)

        max_ = _parse_max_(d.pop("max"))

        def _parse_remaining(data: object) -> int | str:
            return cast(int | str, data)

        remaining = _parse_remaining(d.pop("remaining"))

        def _parse_refills_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        refills_at = _parse_refills_at(d.pop("refills_at"))

        _credited = d.pop("credited", UNSET)
        credited: MandateRefusalInputDetailsType0Credited | Unset
        if isinstance(_credited, Unset):
            credited = UNSET
        else:
            credited = MandateRefusalInputDetailsType0Credited.from_dict(_credited)

        mandate_refusal_input_details_type_0 = cls(
            limit=limit,
            unit=unit,
            max_=max_,
            remaining=remaining,
            refills_at=refills_at,
            credited=credited,
        )

        mandate_refusal_input_details_type_0.additional_properties = d
        return mandate_refusal_input_details_type_0

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
