from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.run_command_response_200_result_type_1_resolved_payment_method import (
    RunCommandResponse200ResultType1ResolvedPaymentMethod,
)
from ..models.run_command_response_200_result_type_1_resolved_purchase_channel import (
    RunCommandResponse200ResultType1ResolvedPurchaseChannel,
)

T = TypeVar("T", bound="RunCommandResponse200ResultType1Resolved")


@_attrs_define
class RunCommandResponse200ResultType1Resolved:
    """
    Attributes:
        domain (str):
        domain_id (int):
        years (int):
        purchase_channel (RunCommandResponse200ResultType1ResolvedPurchaseChannel):
        payment_method (RunCommandResponse200ResultType1ResolvedPaymentMethod):
        namespace (str):
        current_expiry_date (str): UTC, without a zone suffix, e.g. "2027-11-23T09:00:00.000"
    """

    domain: str
    domain_id: int
    years: int
    purchase_channel: RunCommandResponse200ResultType1ResolvedPurchaseChannel
    payment_method: RunCommandResponse200ResultType1ResolvedPaymentMethod
    namespace: str
    current_expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        domain_id = self.domain_id

        years = self.years

        purchase_channel = self.purchase_channel.value

        payment_method = self.payment_method.value

        namespace = self.namespace

        current_expiry_date = self.current_expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "domain_id": domain_id,
                "years": years,
                "purchase_channel": purchase_channel,
                "payment_method": payment_method,
                "namespace": namespace,
                "current_expiry_date": current_expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        domain_id = d.pop("domain_id")

        years = d.pop("years")

        purchase_channel = RunCommandResponse200ResultType1ResolvedPurchaseChannel(d.pop("purchase_channel"))

        payment_method = RunCommandResponse200ResultType1ResolvedPaymentMethod(d.pop("payment_method"))

        namespace = d.pop("namespace")

        current_expiry_date = d.pop("current_expiry_date")

        run_command_response_200_result_type_1_resolved = cls(
            domain=domain,
            domain_id=domain_id,
            years=years,
            purchase_channel=purchase_channel,
            payment_method=payment_method,
            namespace=namespace,
            current_expiry_date=current_expiry_date,
        )

        return run_command_response_200_result_type_1_resolved
