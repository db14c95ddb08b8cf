from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approval_checkout_stage_type_0 import ApprovalCheckoutStageType0

T = TypeVar("T", bound="ApprovalCheckout")


@_attrs_define
class ApprovalCheckout:
    """Where the purchase behind it stands: the checkout run’s stage, or its outcome once it ended

    Attributes:
        stage (ApprovalCheckoutStageType0 | None):
        outcome (None | str):
    """

    stage: ApprovalCheckoutStageType0 | None
    outcome: None | str

    def to_dict(self) -> dict[str, Any]:
        stage: None | str
        if isinstance(self.stage, ApprovalCheckoutStageType0):
            stage = self.stage.value
        else:
            stage = self.stage

        outcome: None | str
        outcome = self.outcome

        field_dict: dict[str, Any] = {}

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

        def _parse_stage(data: object) -> ApprovalCheckoutStageType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stage_type_0 = ApprovalCheckoutStageType0(data)

                return stage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalCheckoutStageType0 | None, data)

        stage = _parse_stage(d.pop("stage"))

        def _parse_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome = _parse_outcome(d.pop("outcome"))

        approval_checkout = cls(
            stage=stage,
            outcome=outcome,
        )

        return approval_checkout
