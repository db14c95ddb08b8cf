from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.approval_input_checkout_stage_type_0 import ApprovalInputCheckoutStageType0

T = TypeVar("T", bound="ApprovalInputCheckout")


@_attrs_define
class ApprovalInputCheckout:
    """Where the purchase behind it stands: the checkout run’s stage, or its outcome once it ended

    Attributes:
        stage (ApprovalInputCheckoutStageType0 | None):
        outcome (None | str):
    """

    stage: ApprovalInputCheckoutStageType0 | None
    outcome: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stage: None | str
        if isinstance(self.stage, ApprovalInputCheckoutStageType0):
            stage = self.stage.value
        else:
            stage = self.stage

        outcome: None | str
        outcome = self.outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stage": stage,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_stage(data: object) -> ApprovalInputCheckoutStageType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stage_type_0 = ApprovalInputCheckoutStageType0(data)

                return stage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalInputCheckoutStageType0 | None, data)

        stage = _parse_stage(d.pop("stage"))

        def _parse_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome = _parse_outcome(d.pop("outcome"))

        approval_input_checkout = cls(
            stage=stage,
            outcome=outcome,
        )

        approval_input_checkout.additional_properties = d
        return approval_input_checkout

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
