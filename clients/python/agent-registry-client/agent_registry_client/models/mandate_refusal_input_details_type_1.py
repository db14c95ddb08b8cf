from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mandate_refusal_input_details_type_1_rule import MandateRefusalInputDetailsType1Rule
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mandate_refusal_input_details_type_1_credited import MandateRefusalInputDetailsType1Credited


T = TypeVar("T", bound="MandateRefusalInputDetailsType1")


@_attrs_define
class MandateRefusalInputDetailsType1:
    """mandate_forbids

    Attributes:
        rule (MandateRefusalInputDetailsType1Rule): `approval_required_on_usdc_route`: above the approval threshold on
            the USDC route, which cannot wait (pay with gems or on the default route)
        value (str): The operation, namespace or network asked for
        allowed (list[str]):
        credited (MandateRefusalInputDetailsType1Credited | Unset): Only when money had already arrived (a purchase
            judged at activation): where it was credited back
    """

    rule: MandateRefusalInputDetailsType1Rule
    value: str
    allowed: list[str]
    credited: MandateRefusalInputDetailsType1Credited | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule.value

        value = self.value

        allowed = self.allowed

        credited: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credited, Unset):
            credited = self.credited.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rule": rule,
                "value": value,
                "allowed": allowed,
            }
        )
        if credited is not UNSET:
            field_dict["credited"] = credited

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mandate_refusal_input_details_type_1_credited import MandateRefusalInputDetailsType1Credited  # noqa: PLC0415

        d = dict(src_dict)
        rule = MandateRefusalInputDetailsType1Rule(d.pop("rule"))

        value = d.pop("value")

        allowed = cast(list[str], d.pop("allowed"))

        _credited = d.pop("credited", UNSET)
        credited: MandateRefusalInputDetailsType1Credited | Unset
        if isinstance(_credited, Unset):
            credited = UNSET
        else:
            credited = MandateRefusalInputDetailsType1Credited.from_dict(_credited)

        mandate_refusal_input_details_type_1 = cls(
            rule=rule,
            value=value,
            allowed=allowed,
            credited=credited,
        )

        mandate_refusal_input_details_type_1.additional_properties = d
        return mandate_refusal_input_details_type_1

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
