from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RunCommandResponse200ResultType1Pricing")


@_attrs_define
class RunCommandResponse200ResultType1Pricing:
    """
    Attributes:
        currency_unit (str): `gems`, or the mpp route stablecoin (`pathUSD`, `USDC`) for an agent plan
        unit_price (float):
        gross_price (float):
        discount_amount (float):
        net_price (float):
    """

    currency_unit: str
    unit_price: float
    gross_price: float
    discount_amount: float
    net_price: float

    def to_dict(self) -> dict[str, Any]:
        currency_unit = self.currency_unit

        unit_price = self.unit_price

        gross_price = self.gross_price

        discount_amount = self.discount_amount

        net_price = self.net_price

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "currency_unit": currency_unit,
                "unit_price": unit_price,
                "gross_price": gross_price,
                "discount_amount": discount_amount,
                "net_price": net_price,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency_unit = d.pop("currency_unit")

        unit_price = d.pop("unit_price")

        gross_price = d.pop("gross_price")

        discount_amount = d.pop("discount_amount")

        net_price = d.pop("net_price")

        run_command_response_200_result_type_1_pricing = cls(
            currency_unit=currency_unit,
            unit_price=unit_price,
            gross_price=gross_price,
            discount_amount=discount_amount,
            net_price=net_price,
        )

        return run_command_response_200_result_type_1_pricing
