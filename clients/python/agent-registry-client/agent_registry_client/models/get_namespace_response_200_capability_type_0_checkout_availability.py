from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType0CheckoutAvailability")


@_attrs_define
class GetNamespaceResponse200CapabilityType0CheckoutAvailability:
    """
    Attributes:
        agent_api (bool):
        hosted_checkout (bool):
        human_checkout (bool):
    """

    agent_api: bool
    hosted_checkout: bool
    human_checkout: bool

    def to_dict(self) -> dict[str, Any]:
        agent_api = self.agent_api

        hosted_checkout = self.hosted_checkout

        human_checkout = self.human_checkout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_api": agent_api,
                "hosted_checkout": hosted_checkout,
                "human_checkout": human_checkout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_api = d.pop("agent_api")

        hosted_checkout = d.pop("hosted_checkout")

        human_checkout = d.pop("human_checkout")

        get_namespace_response_200_capability_type_0_checkout_availability = cls(
            agent_api=agent_api,
            hosted_checkout=hosted_checkout,
            human_checkout=human_checkout,
        )

        return get_namespace_response_200_capability_type_0_checkout_availability
