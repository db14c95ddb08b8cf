from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType1CheckoutAvailability")


@_attrs_define
class GetNamespaceResponse200CapabilityType1CheckoutAvailability:
    """
    Attributes:
        agent_api (bool):
        hosted_checkout (bool):
        human_checkout (bool):
        dedicated_x402 (bool):
    """

    agent_api: bool
    hosted_checkout: bool
    human_checkout: bool
    dedicated_x402: bool

    def to_dict(self) -> dict[str, Any]:
        agent_api = self.agent_api

        hosted_checkout = self.hosted_checkout

        human_checkout = self.human_checkout

        dedicated_x402 = self.dedicated_x402

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_api": agent_api,
                "hosted_checkout": hosted_checkout,
                "human_checkout": human_checkout,
                "dedicated_x402": dedicated_x402,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_api = d.pop("agent_api")

        hosted_checkout = d.pop("hosted_checkout")

        human_checkout = d.pop("human_checkout")

        dedicated_x402 = d.pop("dedicated_x402")

        get_namespace_response_200_capability_type_1_checkout_availability = cls(
            agent_api=agent_api,
            hosted_checkout=hosted_checkout,
            human_checkout=human_checkout,
            dedicated_x402=dedicated_x402,
        )

        return get_namespace_response_200_capability_type_1_checkout_availability
